import Foundation
import Messages

/// The CI run a stream comes from, as its `meta.ci` says (the Cucumber Messages field for
/// it): the system, the build's address and number, and the commit. Read from the variables
/// the systems Cucumber's `ci-environment` knows set (GitHub Actions, GitLab CI, CircleCI,
/// Buildkite, Azure Pipelines, Jenkins, Bitrise, Bitbucket Pipelines, Travis CI, Semaphore,
/// Bamboo, Buddy); none elsewhere. The commit is what `specs report` compares across shards.
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
        for system in systems where e[system.marker].map({ !$0.isEmpty }) ?? false {
            let value = { (template: String?) in template.flatMap { expand($0, e) } }
            return Meta.Ci(
                name: system.name, url: value(system.url), buildNumber: value(system.buildNumber),
                git: git(
                    remote: value(system.remote), revision: value(system.revision), branch: value(system.branch),
                    tag: value(system.tag)))
        }
        return nil
    }

    /// A CI system: the variable that says it is running, and the templates of its build's
    /// and commit's fields (`${NAME}` stands for the variable's value).
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
            marker: "GITLAB_CI", name: "GitLab", url: "${CI_PIPELINE_URL}", buildNumber: "${CI_PIPELINE_ID}",
            remote: "${CI_PROJECT_URL}", revision: "${CI_COMMIT_SHA}", branch: "${CI_COMMIT_REF_NAME}",
            tag: "${CI_COMMIT_TAG}"),
        System(
            marker: "CIRCLECI", name: "CircleCI", url: "${CIRCLE_BUILD_URL}", buildNumber: "${CIRCLE_BUILD_NUM}",
            remote: "${CIRCLE_REPOSITORY_URL}", revision: "${CIRCLE_SHA1}", branch: "${CIRCLE_BRANCH}",
            tag: "${CIRCLE_TAG}"),
        System(
            marker: "BUILDKITE", name: "Buildkite", url: "${BUILDKITE_BUILD_URL}",
            buildNumber: "${BUILDKITE_BUILD_NUMBER}", remote: "${BUILDKITE_REPO}", revision: "${BUILDKITE_COMMIT}",
            branch: "${BUILDKITE_BRANCH}", tag: "${BUILDKITE_TAG}"),
        System(
            marker: "TF_BUILD", name: "Azure Pipelines", url: "${BUILD_BUILDURI}", buildNumber: "${BUILD_BUILDNUMBER}",
            remote: "${BUILD_REPOSITORY_URI}", revision: "${BUILD_SOURCEVERSION}",
            branch: "${BUILD_SOURCEBRANCHNAME}", tag: nil),
        System(
            marker: "JENKINS_URL", name: "Jenkins", url: "${BUILD_URL}", buildNumber: "${BUILD_NUMBER}",
            remote: "${GIT_URL}", revision: "${GIT_COMMIT}", branch: "${GIT_LOCAL_BRANCH}", tag: nil),
        System(
            marker: "BITRISE_IO", name: "Bitrise", url: "${BITRISE_BUILD_URL}", buildNumber: "${BITRISE_BUILD_NUMBER}",
            remote: "${GIT_REPOSITORY_URL}", revision: "${BITRISE_GIT_COMMIT}", branch: "${BITRISE_GIT_BRANCH}",
            tag: "${BITRISE_GIT_TAG}"),
        System(
            marker: "BITBUCKET_BUILD_NUMBER", name: "Bitbucket Pipelines",
            url: "${BITBUCKET_GIT_HTTP_ORIGIN}/addon/pipelines/home#!/results/${BITBUCKET_BUILD_NUMBER}",
            buildNumber: "${BITBUCKET_BUILD_NUMBER}", remote: "${BITBUCKET_GIT_HTTP_ORIGIN}.git",
            revision: "${BITBUCKET_COMMIT}", branch: "${BITBUCKET_BRANCH}", tag: "${BITBUCKET_TAG}"),
        System(
            marker: "TRAVIS", name: "Travis CI", url: "${TRAVIS_BUILD_WEB_URL}", buildNumber: "${TRAVIS_JOB_NUMBER}",
            remote: "https://github.com/${TRAVIS_REPO_SLUG}.git", revision: "${TRAVIS_COMMIT}",
            branch: "${TRAVIS_BRANCH}", tag: "${TRAVIS_TAG}"),
        System(
            marker: "SEMAPHORE", name: "Semaphore", url: "${SEMAPHORE_ORGANIZATION_URL}/jobs/${SEMAPHORE_JOB_ID}",
            buildNumber: "${SEMAPHORE_JOB_ID}", remote: "${SEMAPHORE_GIT_URL}", revision: "${SEMAPHORE_GIT_SHA}",
            branch: "${SEMAPHORE_GIT_BRANCH}", tag: "${SEMAPHORE_GIT_TAG_NAME}"),
        System(
            marker: "bamboo_buildResultsUrl", name: "Bamboo", url: "${bamboo_buildResultsUrl}",
            buildNumber: "${bamboo_buildNumber}", remote: "${bamboo_planRepository_repositoryUrl}",
            revision: "${bamboo_planRepository_revision}", branch: "${bamboo_planRepository_branch}", tag: nil),
        System(
            marker: "BUDDY", name: "Buddy", url: "${BUDDY_EXECUTION_URL}", buildNumber: "${BUDDY_EXECUTION_ID}",
            remote: "${BUDDY_SCM_URL}", revision: "${BUDDY_EXECUTION_REVISION}", branch: "${BUDDY_EXECUTION_BRANCH}",
            tag: "${BUDDY_EXECUTION_TAG}"),
    ]

    /// `template` with each `${NAME}` replaced by the variable's value; nil when one of them
    /// is not set or empty.
    static func expand(_ template: String, _ environment: [String: String]) -> String? {
        var result = ""
        var rest = template[...]
        while let open = rest.range(of: "${") {
            guard let close = rest[open.upperBound...].firstIndex(of: "}"),
                let value = environment[String(rest[open.upperBound..<close])], !value.isEmpty
            else { return nil }
            result += rest[..<open.lowerBound] + value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// `https://user:token@host/repo.git` without `user:token@`.
    static func withoutCredentials(_ remote: String) -> String {
        guard let scheme = remote.range(of: "://"), let at = remote[scheme.upperBound...].firstIndex(of: "@"),
            !remote[scheme.upperBound..<at].contains("/")
        else { return remote }
        return String(remote[..<scheme.upperBound]) + remote[remote.index(after: at)...]
    }
}
