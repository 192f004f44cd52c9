public import WeatherFetching
import WeatherModel
public import WeatherSources
public import WeatherSystem

/// What `weather show` was asked for, by ArgumentParser or by `weather`'s own fast path, and how it is done.
public struct ShowRequest: Equatable, Sendable {
    public enum Output: Equatable, Sendable {
        case text
        case json
        case format(FormatString)
        case short
        case waybar(FormatString?)

        /// Whether a failure is printed as waybar's warning object, so that the module stays in the bar.
        public var isWaybar: Bool {
            if case .waybar = self { return true }
            return false
        }
    }

    public var output: Output = .text
    public var source: WeatherPresenter.Source = .automatic
    public var display = DisplayOptions()

    public init(
        output: Output = .text, source: WeatherPresenter.Source = .automatic, display: DisplayOptions = DisplayOptions()
    ) {
        self.output = output
        self.source = source
        self.display = display
    }

    /// Shows the result as asked, by `fetcher`: the saved place's, or `place`'s, once.
    public func show(with fetcher: WeatherFetcher, place: PlaceQuery? = nil) throws(WeatherError) -> Int32 {
        let context = fetcher.context
        let presenterOutput: WeatherPresenter.Output =
            switch output {
            case .text: .text
            case .json: .json
            case .format(let format): .format(format)
            case .short: .format(context.shortLine)
            case .waybar(let format): .waybar(format ?? context.shortLine)
            }
        try WeatherPresenter(fetcher: fetcher, output: presenterOutput, options: display).show(
            source: source, place: place)
        return 0
    }
}
