/// Finding text in text without the `_StringProcessing` module: every Swift file imports it
/// unless told not to, and loading it (with the regex parser it brings) cost about 0.8 ms of
/// every start of the program, which uses no regular expression. The names differ from that
/// module's `contains(_:)` and `firstRange(of:)` so that a Swift component, which imports both
/// it and DesignableCore, never finds two candidates for one call.
extension StringProtocol {
    /// Where `text` first occurs, or nil. A match of whole UTF-8 text begins on a character's
    /// first byte, so its bounds are indexes of `self` as they are.
    public func firstRange(ofText text: some StringProtocol) -> Range<Index>? {
        let needle = Array(text.utf8)
        guard let first = needle.first else { return startIndex..<startIndex }
        let haystack = utf8
        var start = haystack.startIndex
        while let candidate = haystack[start...].firstIndex(of: first) {
            var end = candidate
            var matched = 0
            while matched < needle.count, end != haystack.endIndex, haystack[end] == needle[matched] {
                haystack.formIndex(after: &end)
                matched += 1
            }
            if matched == needle.count { return candidate..<end }
            start = haystack.index(after: candidate)
        }
        return nil
    }

    /// Whether `text` occurs anywhere in this text.
    public func containsText(_ text: some StringProtocol) -> Bool {
        firstRange(ofText: text) != nil
    }
}
