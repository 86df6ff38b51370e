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
        if e["GITLAB_CI"] != nil {
            return Meta.Ci(
                name: "GitLab", url: e["CI_PIPELINE_URL"], buildNumber: e["CI_PIPELINE_ID"],
                git: git(
                    remote: e["CI_PROJECT_URL"], revision: e["CI_COMMIT_SHA"], branch: e["CI_COMMIT_REF_NAME"],
                    tag: e["CI_COMMIT_TAG"]))
        }
        if e["CIRCLECI"] != nil {
            return Meta.Ci(
                name: "CircleCI", url: e["CIRCLE_BUILD_URL"], buildNumber: e["CIRCLE_BUILD_NUM"],
                git: git(
                    remote: e["CIRCLE_REPOSITORY_URL"], revision: e["CIRCLE_SHA1"], branch: e["CIRCLE_BRANCH"],
                    tag: e["CIRCLE_TAG"]))
        }
        if e["BUILDKITE"] != nil {
            return Meta.Ci(
                name: "Buildkite", url: e["BUILDKITE_BUILD_URL"], buildNumber: e["BUILDKITE_BUILD_NUMBER"],
                git: git(
                    remote: e["BUILDKITE_REPO"], revision: e["BUILDKITE_COMMIT"], branch: e["BUILDKITE_BRANCH"],
                    tag: e["BUILDKITE_TAG"]))
        }
        if e["TF_BUILD"] != nil {
            return Meta.Ci(
                name: "Azure Pipelines", url: nil, buildNumber: e["BUILD_BUILDNUMBER"],
                git: git(
                    remote: e["BUILD_REPOSITORY_URI"], revision: e["BUILD_SOURCEVERSION"],
                    branch: e["BUILD_SOURCEBRANCHNAME"]))
        }
        return nil
    }

    /// `https://user:token@host/repo.git` without `user:token@`.
    static func withoutCredentials(_ remote: String) -> String {
        guard let scheme = remote.range(of: "://"), let at = remote[scheme.upperBound...].firstIndex(of: "@"),
            !remote[scheme.upperBound..<at].contains("/")
        else { return remote }
        return String(remote[..<scheme.upperBound]) + remote[remote.index(after: at)...]
    }
}
