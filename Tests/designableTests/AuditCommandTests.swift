import DesignableCore
import Foundation
import XCTest

/// `check --audit` and `render --outline`, end to end through the real binary.
final class AuditCommandTests: XCTestCase {
    private func style(_ text: String) throws -> String {
        let path = try temporaryFolder().appendingPathComponent("audit.yaml")
        try text.write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    /// Known WCAG ratios (#767676 on white passes at 4.54:1, #777777 fails at 4.48:1), a 30×30
    /// control and a truncated title: each a warning at its view's line with the state, the
    /// appearance and the numbers; a plain `check` says nothing of them.
    func testCheckAuditReportsContrastTapTargetsAndTruncation() throws {
        let path = try style("""
            canvas: {width: 240, background: "#FFFFFF", padding: 10, spacing: 10}
            views:
              - {class: UIButton, title: Sign in, titleColor: "#767676", size: [200, 44], highlighted: {titleColor: "#000000"}}
              - {class: UIButton, title: Sign in, titleColor: "#777777", size: [200, 44], highlighted: {titleColor: "#000000"}}
              - {class: UIButton, title: Go, titleColor: "#000000", size: [30, 30], highlighted: {titleColor: "#000000"}}
              - {class: FancyButton, title: SIGN IN WITH FACEBOOK, titleColor: "#000000", size: [120, 44], highlighted: {titleColor: "#000000"}}

            """)
        let plain = try runDesignable(["check", path])
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.stderr, "")
        XCTAssertEqual(plain.stdout, "\(path): 4 views, no findings\n")

        let audited = try runDesignable(["check", "--audit", path])
        XCTAssertEqual(audited.status, 0, "audit findings are warnings")
        XCTAssertEqual(audited.stderr.split(separator: "\n").map(String.init), [
            "\(path):4:5: warning: audit: title 'Sign in' contrast 4.48:1 (#777777 on #FFFFFF) in normal and selected (light and dark); body text needs 4.5:1",
            "\(path):5:5: warning: audit: tap target 30×30 points is less than 44 points wide and tall; Apple's Human Interface Guidelines ask 44×44 for a control",
            "\(path):6:5: warning: audit: title 'SIGN IN WITH FACEBOOK' is truncated to 'SIGN I…EBOOK' in every state (light and dark); it needs 188 points of width and has 120",
        ])
        XCTAssertEqual(audited.stdout, "\(path): 4 views, 3 warnings\n")

        let strict = try runDesignable(["check", "--audit", "--strict", path])
        XCTAssertEqual(strict.status, 1, "--strict fails on the audit's warnings, for CI")
        XCTAssertEqual(strict.stdout, "\(path): 4 views, 3 warnings (failing: --strict)\n")
    }

    /// A file with errors is not audited: there is nothing drawn to measure.
    func testAFileWithErrorsIsNotAudited() throws {
        let path = try style("views:\n  - {class: UIButton, title: Go, size: [30, 30], titleColor: \"#12345\"}\n")
        let run = try runDesignable(["check", "--audit", path])
        XCTAssertEqual(run.status, 1)
        XCTAssertFalse(run.stderr.contains("audit:"), run.stderr)
    }

    /// `render --outline` draws what the golden test's reference shows.
    func testRenderOutlineMatchesTheGolden() throws {
        let fixture = projectRoot.appendingPathComponent("Tests/DesignableCoreTests/Fixtures/Outlines.yaml").path
        let output = try temporaryFolder().appendingPathComponent("outlined.png")
        let run = try runDesignable(["render", fixture, "--outline", "--scale", "2", "-o", output.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let reference = projectRoot.appendingPathComponent("Tests/DesignableCoreTests/References/Outlines@2x.png").path
        let comparison = ImageComparison(try ImageSurface(png: output.path), to: try ImageSurface(png: reference), tolerance: .standard)
        XCTAssertTrue(comparison.matches, comparison.summary)
    }
}
