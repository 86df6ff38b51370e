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

    func test_detect_systemsBeyondGitHub_recordTheCommitShardsAreComparedBy() {
        let cases: [(String, [String: String], Meta.Git)] = [
            (
                "Jenkins",
                [
                    "JENKINS_URL": "https://ci.example.com/", "BUILD_URL": "https://ci.example.com/job/shop/12/",
                    "BUILD_NUMBER": "12", "GIT_URL": "https://git.example.com/shop.git", "GIT_COMMIT": "c0ffee",
                ],
                Meta.Git(remote: "https://git.example.com/shop.git", revision: "c0ffee")
            ),
            (
                "Bitrise",
                [
                    "BITRISE_IO": "true", "BITRISE_BUILD_URL": "https://app.bitrise.io/build/1",
                    "BITRISE_BUILD_NUMBER": "1", "GIT_REPOSITORY_URL": "git@github.com:team/shop.git",
                    "BITRISE_GIT_COMMIT": "beef", "BITRISE_GIT_BRANCH": "main",
                ],
                Meta.Git(remote: "git@github.com:team/shop.git", revision: "beef", branch: "main")
            ),
            (
                "Bitbucket Pipelines",
                [
                    "BITBUCKET_BUILD_NUMBER": "9", "BITBUCKET_GIT_HTTP_ORIGIN": "http://bitbucket.org/team/shop",
                    "BITBUCKET_COMMIT": "f00d", "BITBUCKET_BRANCH": "main",
                ],
                Meta.Git(remote: "http://bitbucket.org/team/shop.git", revision: "f00d", branch: "main")
            ),
            (
                "Travis CI",
                [
                    "TRAVIS": "true", "TRAVIS_BUILD_WEB_URL": "https://travis-ci.com/team/shop/builds/3",
                    "TRAVIS_JOB_NUMBER": "3.1", "TRAVIS_REPO_SLUG": "team/shop", "TRAVIS_COMMIT": "abba",
                    "TRAVIS_BRANCH": "main", "TRAVIS_TAG": "",
                ],
                Meta.Git(remote: "https://github.com/team/shop.git", revision: "abba", branch: "main")
            ),
        ]
        for (name, environment, git) in cases {
            let ci = CIEnvironment.detect(environment)
            XCTAssertEqual(ci?.name, name)
            XCTAssertEqual(ci?.git, git, name)
        }
        XCTAssertEqual(
            CIEnvironment.detect(["BITBUCKET_BUILD_NUMBER": "9", "BITBUCKET_GIT_HTTP_ORIGIN": "http://b.org/t/s"])?.url,
            "http://b.org/t/s/addon/pipelines/home#!/results/9")
    }

    func test_expand_variableUnsetOrEmpty_isNothing() {
        XCTAssertEqual(CIEnvironment.expand("https://h/${A}/x${B}", ["A": "a", "B": "b"]), "https://h/a/xb")
        XCTAssertNil(CIEnvironment.expand("https://h/${A}/${B}", ["A": "a"]))
        XCTAssertNil(CIEnvironment.expand("${A}", ["A": ""]))
        XCTAssertNil(CIEnvironment.expand("${A", ["A": "a"]))
        XCTAssertEqual(CIEnvironment.expand("plain", [:]), "plain")
    }

    func test_detect_outsideCI_isNothing() {
        XCTAssertNil(CIEnvironment.detect(["HOME": "/root"]))
    }
}
