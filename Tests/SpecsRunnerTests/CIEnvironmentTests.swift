import Messages
import XCTest

@testable import SpecsRunner

final class CIEnvironmentTests: XCTestCase {
    func test_detect_gitHubActions_namesTheRunAndTheCommit() {
        let ci = CIEnvironment.detect([
            "GITHUB_ACTIONS": "true", "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "team/shop",
            "GITHUB_RUN_ID": "42", "GITHUB_RUN_NUMBER": "7", "GITHUB_SHA": "abc123", "GITHUB_REF_NAME": "main",
        ])
        XCTAssertEqual(
            ci,
            Meta.Ci(
                name: "GitHub Actions", url: "https://github.com/team/shop/actions/runs/42", buildNumber: "7",
                git: Meta.Git(remote: "https://github.com/team/shop.git", revision: "abc123", branch: "main")))
    }

    func test_detect_remoteWithCredentials_neverWritesThem() {
        let ci = CIEnvironment.detect([
            "BUILDKITE": "true", "BUILDKITE_REPO": "https://bot:s3cret@git.example.com/shop.git",
            "BUILDKITE_COMMIT": "abc",
        ])
        XCTAssertEqual(ci?.git?.remote, "https://git.example.com/shop.git")
    }

    func test_detect_outsideCI_isNothing() {
        XCTAssertNil(CIEnvironment.detect(["HOME": "/root"]))
    }
}
