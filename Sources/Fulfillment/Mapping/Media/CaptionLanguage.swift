/// Chooses the text track for Google's `mediaClosedCaptioningOn` among Matter's `AvailableTextTracks`.
///
/// Google (traits/transportcontrol, `mediaClosedCaptioningOn`): "`closedCaptioningLanguage` String. Language or
/// locale for closed captioning." and "`userQueryLanguage` String. Language or locale for user query." Matter's
/// `TrackAttributesStruct.LanguageCode` (string, at most 32) names a track's language, as a BCP 47 tag in practice
/// (`en`, `en-US`, `pt-BR`).
///
/// The language asked for is `closedCaptioningLanguage`, else `userQueryLanguage` (captions in the language the
/// user speaks), else any: the first track. Tags are compared case-insensitively with `_` read as `-`: an exact
/// tag wins, else the first track whose primary language subtag (before the first `-`) is the one asked for, so
/// "en-GB" finds an `en-US` or `en` track and "en" finds `en-US`.
enum CaptionLanguage {
    /// `language` lower-cased with `_` as `-` (`en_US` → `en-us`).
    static func normalized(_ language: String) -> String {
        String(language.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// The primary language subtag (`en-us` → `en`).
    static func primary(_ language: String) -> Substring {
        normalized(language).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }

    /// The track for `language` (`nil`: any track); `nil` when no track has that language or there are none.
    static func track(
        for language: String?,
        in tracks: [MediaPlaybackCluster.Track]
    ) -> MediaPlaybackCluster.Track? {
        guard let language, !language.isEmpty else { return tracks.first }
        let wanted = normalized(language)
        if let exact = tracks.first(where: { normalized($0.languageCode) == wanted }) { return exact }
        let wantedPrimary = primary(language)
        return tracks.first { primary($0.languageCode) == wantedPrimary }
    }
}
