// Numbers from outside convert without trapping: range-checked where they enter (JSONReader's `within:`),
// and clamped or saturated wherever a computed value is turned into another type.

extension Double {
    /// The value limited to `range`; `NaN` becomes the lower bound.
    package func clamped(to range: ClosedRange<Double>) -> Double {
        isNaN ? range.lowerBound : Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}

extension Int {
    /// `value` rounded toward zero and clamped to what an `Int` holds; `NaN` is 0. For printing and
    /// arithmetic on values that were range-checked where they entered, so that a value that slipped
    /// through prints as a large number instead of stopping the program.
    package init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = Int.max
        } else if value <= -9.2e18 {
            self = Int.min
        } else {
            self = Int(value)
        }
    }
}
