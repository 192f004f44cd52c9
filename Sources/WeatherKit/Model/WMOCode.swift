/// WMO weather interpretation codes (WW), as Open-Meteo uses them.
enum WMOCode {
    /// The code in words, lower case; `nil` for a code the table does not know.
    static func description(_ code: Int) -> String? {
        switch code {
        case 0: "clear sky"
        case 1: "mainly clear"
        case 2: "partly cloudy"
        case 3: "overcast"
        case 45: "fog"
        case 48: "depositing rime fog"
        case 51: "light drizzle"
        case 53: "moderate drizzle"
        case 55: "dense drizzle"
        case 56: "light freezing drizzle"
        case 57: "dense freezing drizzle"
        case 61: "slight rain"
        case 63: "moderate rain"
        case 65: "heavy rain"
        case 66: "light freezing rain"
        case 67: "heavy freezing rain"
        case 71: "slight snow fall"
        case 73: "moderate snow fall"
        case 75: "heavy snow fall"
        case 77: "snow grains"
        case 80: "slight rain showers"
        case 81: "moderate rain showers"
        case 82: "violent rain showers"
        case 85: "slight snow showers"
        case 86: "heavy snow showers"
        case 95: "thunderstorm"
        case 96: "thunderstorm with slight hail"
        case 99: "thunderstorm with heavy hail"
        default: nil
        }
    }
}
