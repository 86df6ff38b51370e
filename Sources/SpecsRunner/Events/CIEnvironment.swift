import Foundation
import Messages

/// The CI run a stream comes from, as its `meta.ci` says (the Cucumber Messages field for
/// it): the system, the build's address and number, and the commit. Read from the variables
/// GitHub Actions, GitLab CI, CircleCI, Buildkite and Azure Pipelines set; none elsewhere.
/// A remote's credentials are never written.
enum CIEnvironment {
    static func detect(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Meta.Ci? {
        func git(remote: String?, revision: String?, branch: String?, tag: String? = nil) -> Meta.Git? {
            guard let remote, let revision else { return nil }
            return Meta.Git(remote: withoutCredentials(remote), revision: revision, branch: branch, tag: tag)
        }
        let e = environment
        if e["GITHUB_ACTIONS"] == "true" {
            let server = e["GITHUB_SERVER_URL"] ?? "https://github.com"
            let repository = e["GITHUB_REPOSITORY"]
            return Meta.Ci(
                name: "GitHub Actions",
                url: repository.flatMap { repo in e["GITHUB_RUN_ID"].map { "\(server)/\(repo)/actions/runs/\($0)" } },
                buildNumber: e["GITHUB_RUN_NUMBER"],
                git: git(
                    remote: repository.map { "\(server)/\($0).git" }, revision: e["GITHUB_SHA"],
                    branch: e["GITHUB_REF_NAME"]))
        }
        for system in systems where e[system.marker] != nil {
            return Meta.Ci(
                name: system.name, url: system.url.flatMap { e[$0] }, buildNumber: e[system.buildNumber],
                git: git(
                    remote: e[system.remote], revision: e[system.revision], branch: e[system.branch],
                    tag: system.tag.flatMap { e[$0] }))
        }
        return nil
    }

    /// A CI system's variables: the one that says it is running, and those of the build and commit.
    private struct System {
        let marker: String
        let name: String
        let url: String?
        let buildNumber: String
        let remote: String
        let revision: String
        let branch: String
        let tag: String?
    }

    private static let systems = [
        System(
            marker: "GITLAB_CI", name: "GitLab", url: "CI_PIPELINE_URL", buildNumber: "CI_PIPELINE_ID",
            remote: "CI_PROJECT_URL",
            revision: "CI_COMMIT_SHA", branch: "CI_COMMIT_REF_NAME", tag: "CI_COMMIT_TAG"),
        System(
            marker: "CIRCLECI", name: "CircleCI", url: "CIRCLE_BUILD_URL", buildNumber: "CIRCLE_BUILD_NUM",
            remote: "CIRCLE_REPOSITORY_URL", revision: "CIRCLE_SHA1", branch: "CIRCLE_BRANCH", tag: "CIRCLE_TAG"),
        System(
            marker: "BUILDKITE", name: "Buildkite", url: "BUILDKITE_BUILD_URL", buildNumber: "BUILDKITE_BUILD_NUMBER",
            remote: "BUILDKITE_REPO", revision: "BUILDKITE_COMMIT", branch: "BUILDKITE_BRANCH", tag: "BUILDKITE_TAG"),
        System(
            marker: "TF_BUILD", name: "Azure Pipelines", url: nil, buildNumber: "BUILD_BUILDNUMBER",
            remote: "BUILD_REPOSITORY_URI", revision: "BUILD_SOURCEVERSION", branch: "BUILD_SOURCEBRANCHNAME", tag: nil),
    ]

    /// `https://user:token@host/repo.git` without `user:token@`.
    static func withoutCredentials(_ remote: String) -> String {
        guard let scheme = remote.range(of: "://"), let at = remote[scheme.upperBound...].firstIndex(of: "@"),
            !remote[scheme.upperBound..<at].contains("/")
        else { return remote }
        return String(remote[..<scheme.upperBound]) + remote[remote.index(after: at)...]
    }
}
