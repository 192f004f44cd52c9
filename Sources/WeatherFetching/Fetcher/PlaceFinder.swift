import WeatherModel
package import WeatherSources
package import WeatherSystem

/// Finds the place words name: coordinates as they are, a name through the geocoding service, narrowed
/// by its qualifiers (`PlaceMatches`), never during the service's back-off.
package struct PlaceFinder: Sendable {
    /// Open-Meteo's geocoder, whichever provider forecasts.
    let geocoder: OpenMeteo
    package let backoffs: ServiceBackoffs
    /// The language of place names: worked out when a place is looked up, as `show` never needs it.
    package let language: @Sendable () -> String
    /// The run's network time.
    package let deadline: @Sendable () -> Deadline

    /// The place `query` names: the place at its coordinates, or the geocoding service's best match.
    package func place(_ query: PlaceQuery, for caller: FetchCaller = .foreground) throws(WeatherError) -> PlaceChoice {
        if let coordinates = query.coordinates {
            return PlaceChoice(
                location: Location(name: query.name, latitude: coordinates.latitude, longitude: coordinates.longitude),
                matchCount: 0)
        }
        return PlaceChoice(try matches(for: query, caller: caller))
    }

    /// What the geocoding service knows by `query`'s name, narrowed by its qualifiers (`PlaceMatches`):
    /// one request, never during the service's back-off. Words without a comma that find nothing, or a
    /// place their last words do not describe, are tried with one (`CommaHint`): a request or two more,
    /// for a message that says what to write.
    package func matches(for query: PlaceQuery, caller: FetchCaller = .foreground) throws(WeatherError) -> PlaceMatches
    {
        let service = geocoder.geocodingService
        try backoffs.check(service, for: caller)
        do throws(ProviderError) {
            let language = language()
            let candidates = try geocoder.searchPlaces(query, language: language, before: deadline())
            backoffs.clear(service)
            guard !candidates.isEmpty else {
                let found = CommaHint.splits(of: query).first(where: findsItsName)
                throw ProviderError.placeNotFound(query, suggestion: found?.text)
            }
            var found = try PlaceMatches(query, candidates: candidates, language: language)
            let chosen = found.fitting[0]
            let split = CommaHint.splits(of: query).first { split in
                CommaHint.readsAsPlace(split)
                    && !PlaceQualifier.readings(of: split.qualifiers[0]).contains { $0.fits(chosen) }
                    && findsItsName(split)
            }
            if let split {
                let note = CommaHint.note(for: query, found: chosen.location, split: split)
                found.note = [found.note, note].compactMap { $0 }.joinedText("; ")
            }
            return found
        } catch {
            throw backoffs.recording(error, from: service)
        }
    }

    /// Whether `query` chooses a place of exactly its name (not one it is the start of), asked only to
    /// give advice: any failure is a no.
    private func findsItsName(_ query: PlaceQuery) -> Bool {
        let language = language()
        guard let candidates = try? geocoder.searchPlaces(query, language: language, before: deadline()),
            let found = try? PlaceMatches(query, candidates: candidates, language: language)
        else { return false }
        return found.fitting[0].location.name.lowercased() == query.name.lowercased()
    }
}
