import WeatherModel
import WeatherSystem

/// What the words after a comma may mean: `Paris, US`, `Springfield, MO`, `London, Ontario`.
///
/// A qualifier is read, in this order, as an ISO 3166 country code (or `UK`, `USA`), as a US state or
/// Canadian province by its postal abbreviation, and as the name of a country or of a region at any
/// level. Two letters can be both a country and a state or province (`CA`: Canada or California, `MO`:
/// Macau or Missouri); `PlaceChoice` then takes the reading that has a match, the country when both do.
package enum PlaceQualifier {
    /// One way to read a qualifier.
    package enum Reading: Sendable, Equatable {
        /// A country, by its ISO code.
        case country(code: String)
        /// A first-level region by its postal abbreviation: `admin1` is its name as GeoNames gives it in
        /// English (`Missouri`), in the country of `countryCode`.
        case subdivision(abbreviation: String, name: String, countryCode: String)
        /// A country, region or lower region by its name, in any letter case.
        case name(String)

        /// Whether `candidate` is in the place this reading names.
        package func fits(_ candidate: PlaceCandidate) -> Bool {
            let location = candidate.location
            switch self {
            case .country(let code):
                return location.countryCode?.uppercased() == code
            case .subdivision(_, let name, let countryCode):
                return location.countryCode?.uppercased() == countryCode
                    && location.region.map { PlaceQualifier.folded($0) == PlaceQualifier.folded(name) } == true
            case .name(let name):
                let wanted = PlaceQualifier.folded(name)
                let names = [location.country, location.region].compactMap { $0 } + candidate.subregions
                return names.contains { PlaceQualifier.folded($0) == wanted }
            }
        }

        /// The reading in words: "Canada", "Missouri, United States"; the countries' names in the user's
        /// language where the system's iso-codes have them.
        package var description: String {
            switch self {
            case .country(let code): PlaceQualifier.countryName(code) ?? tr("the country %s", code)
            case .subdivision(_, let name, let countryCode):
                name + ", " + (PlaceQualifier.countryName(countryCode) ?? countryCode)
            case .name(let name): name
            }
        }

        /// What to write to ask for this reading alone: `Canada`, `California`.
        var unambiguousQualifier: String {
            switch self {
            case .country(let code): PlaceQualifier.countryNames[code] ?? code
            case .subdivision(_, let name, _): name
            case .name(let name): name
            }
        }
    }

    /// The readings of `qualifier`, most likely first: a country code, a state or province, a name.
    package static func readings(of qualifier: String) -> [Reading] {
        var readings: [Reading] = []
        if let code = countryCode(for: qualifier) { readings.append(.country(code: code)) }
        if let subdivision = subdivision(for: qualifier) { readings.append(subdivision) }
        readings.append(.name(qualifier))
        return readings
    }

    /// The ISO country code `qualifier` is, or an alias of (`UK`, `USA`), in capitals.
    package static func countryCode(for qualifier: String) -> String? {
        let upper = qualifier.uppercased()
        switch upper {
        case "UK": return "GB"
        case "USA": return "US"
        default:
            guard upper.utf8.count == 2, countryCodes.contains(upper) else { return nil }
            return upper
        }
    }

    /// The US state or Canadian province `qualifier` abbreviates, if it is one.
    static func subdivision(for qualifier: String) -> Reading? {
        let upper = qualifier.uppercased()
        guard upper.utf8.count == 2 else { return nil }
        if let name = usStates[upper] { return .subdivision(abbreviation: upper, name: name, countryCode: "US") }
        if let name = canadianProvinces[upper] {
            return .subdivision(abbreviation: upper, name: name, countryCode: "CA")
        }
        return nil
    }

    /// The postal abbreviation of the US state or Canadian province GeoNames calls `region` (`MO` for
    /// Missouri), in the country of `countryCode`.
    package static func abbreviation(of region: String, in countryCode: String?) -> String? {
        let names = countryCode == "US" ? usStates : countryCode == "CA" ? canadianProvinces : [:]
        return names.first { $0.value == region }?.key
    }

    /// `text` as qualifiers are compared: in any letter case (and, as Swift compares strings, however its
    /// accents are encoded).
    static func folded(_ text: String) -> String {
        text.lowercased()
    }

    /// The USPS abbreviations of the states, the District of Columbia and the inhabited territories, and
    /// the `admin1` names GeoNames gives them.
    static let usStates: [String: String] = [
        "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
        "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia",
        "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas",
        "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts",
        "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri", "MT": "Montana",
        "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico",
        "NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma",
        "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota",
        "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington",
        "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
    ]

    /// Canada Post's abbreviations of the provinces and territories, and their GeoNames `admin1` names.
    static let canadianProvinces: [String: String] = [
        "AB": "Alberta", "BC": "British Columbia", "MB": "Manitoba", "NB": "New Brunswick",
        "NL": "Newfoundland and Labrador", "NS": "Nova Scotia", "NT": "Northwest Territories", "NU": "Nunavut",
        "ON": "Ontario", "PE": "Prince Edward Island", "QC": "Quebec", "SK": "Saskatchewan", "YT": "Yukon",
    ]

    /// The name of the country `code` for people: `countryNames`'s, in the user's language where the
    /// system's iso-codes catalogue (`iso_3166-1`) has it.
    static func countryName(_ code: String) -> String? {
        countryNames[code].map { Catalogue.text($0, domain: "iso_3166-1") }
    }

    /// The names of the countries whose codes are also a state's or province's abbreviation, for the
    /// note that says which reading was taken; and of the two countries the abbreviations belong to.
    static let countryNames: [String: String] = [
        "US": "United States", "CA": "Canada", "AL": "Albania", "AR": "Argentina", "AZ": "Azerbaijan",
        "CO": "Colombia", "DE": "Germany", "GA": "Gabon", "ID": "Indonesia", "IL": "Israel", "IN": "India",
        "KY": "Cayman Islands", "LA": "Laos", "MA": "Morocco", "MD": "Moldova", "ME": "Montenegro",
        "MN": "Mongolia", "MO": "Macao", "MS": "Montserrat", "MT": "Malta", "NC": "New Caledonia", "NE": "Niger",
        "PA": "Panama", "SC": "Seychelles", "SD": "Sudan", "TN": "Tunisia", "VA": "Vatican City",
        "NL": "Netherlands", "NU": "Niue", "PE": "Peru", "SK": "Slovakia", "YT": "Mayotte",
    ]

    /// Every ISO 3166-1 alpha-2 code in use, and `XK` (Kosovo), as GeoNames has it.
    static let countryCodes: Set<String> = Set(
        """
        AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW \
        BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI \
        FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN \
        IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME \
        MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF \
        PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV \
        SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK \
        YE YT ZA ZM ZW
        """.split(separator: " ").map(String.init))
}
