/// Values made once and shared, by key, holding at most `limit` bytes: past it the least
/// recently used go first. What the painter keeps of shapes it draws again and again (blurred
/// shadows, coverage masks), so that a file of any size cannot grow them past their bound.
final class ByteBoundedCache<Key: Hashable, Value> {
    /// Most bytes the values take together.
    let limit: Int
    private var entries: [Key: (value: Value, bytes: Int, used: UInt64)] = [:]
    /// Bytes held now; never more than `limit`.
    private(set) var bytes = 0
    private var clock: UInt64 = 0

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// How many values are kept.
    var count: Int { entries.count }

    /// The value for `key`, made by `make` (with the bytes it takes) when not kept. A value larger
    /// than the whole limit is handed out and not kept; nil when `make` cannot make one.
    func value(for key: Key, make: () -> (value: Value, bytes: Int)?) -> Value? {
        clock += 1
        if let entry = entries[key] {
            entries[key]?.used = clock
            return entry.value
        }
        guard let made = make() else { return nil }
        guard made.bytes <= limit else { return made.value }
        if bytes + made.bytes > limit { evict(toFit: made.bytes) }
        entries[key] = (made.value, made.bytes, clock)
        bytes += made.bytes
        return made.value
    }

    /// Drops the least recently used until `incoming` bytes fit with a quarter of the limit to
    /// spare: one sort for many insertions, rather than a search for the oldest on each.
    private func evict(toFit incoming: Int) {
        let target = limit - limit / 4 - incoming
        for (key, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) {
            guard bytes > max(0, target) else { break }
            bytes -= entry.bytes
            entries[key] = nil
        }
    }

    /// Drops every value.
    func removeAll() {
        entries = [:]
        bytes = 0
    }
}
