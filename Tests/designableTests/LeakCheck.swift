/// LeakSanitizer's defaults for this test runner alone (`make test-asan`; unused without ASan).
///
/// XCTest keeps every test case and what it holds until the process ends, reached only through
/// Swift weak-reference side tables, whose pointers sit shifted and flagged in a reference-count
/// word where LeakSanitizer cannot read them: at exit it reports all of it lost, none of it ours.
/// So the runner does not check at exit, while every `designable` it starts (render, check,
/// schema, the preview under Xvfb) does, with `make test-asan`'s suppressions.
@_cdecl("__lsan_default_options")
public func leakSanitizerDefaultOptions() -> UnsafePointer<CChar> {
    UnsafeRawPointer(("leak_check_at_exit=0" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}
