/// Who produced a message stream.
public struct Meta: Sendable, Hashable, Codable {
    public struct Product: Sendable, Hashable, Codable {
        public var name: String
        public var version: String?
        public init(name: String, version: String?) {
            self.name = name
            self.version = version
        }
    }

    public struct Ci: Sendable, Hashable, Codable {
        public var name: String
        public var url: String?
        public var buildNumber: String?
        public var git: Git?

        public init(name: String, url: String? = nil, buildNumber: String? = nil, git: Git? = nil) {
            self.name = name
            self.url = url
            self.buildNumber = buildNumber
            self.git = git
        }
    }

    public struct Git: Sendable, Hashable, Codable {
        public var remote: String
        public var revision: String
        public var branch: String?
        public var tag: String?

        public init(remote: String, revision: String, branch: String? = nil, tag: String? = nil) {
            self.remote = remote
            self.revision = revision
            self.branch = branch
            self.tag = tag
        }
    }

    public var protocolVersion: String
    public var implementation: Product
    public var runtime: Product
    public var os: Product
    public var cpu: Product
    public var ci: Ci?

    public init(
        protocolVersion: String, implementation: Product, runtime: Product, os: Product, cpu: Product, ci: Ci? = nil
    ) {
        self.protocolVersion = protocolVersion
        self.implementation = implementation
        self.runtime = runtime
        self.os = os
        self.cpu = cpu
        self.ci = ci
    }
}
