#!/usr/bin/env python3
"""Generates the Cucumber Messages types of Sources/Messages/Generated/ from the official
messages JSON schema (messages/jsonschema/*.schema.json of the conformance data), the
schema's descriptions as their doc comments.

Usage: Scripts/generate-messages.py [--check] [--schema DIR]
  (no option)   writes Sources/Messages/Generated/, one file per top-level Swift type
  --check       writes nothing: exits 1 with a diff when the checked-in files differ from
                what the schema gives, 0 when they are the same
  --schema DIR  the jsonschema folder; default: $SPECS_CONFORMANCE_DIR/messages/jsonschema,
                else ../shared/conformance/messages/jsonschema beside the package
When the schema is absent it says so and exits 0, or 1 under SPECS_REQUIRE_CONFORMANCE=1.
$MESSAGES_OUT names another output folder (the generator's tests check a copy).

Python 3 standard library only, like Scripts/generate-dialects.py: it runs before anything
is built, in CI and on a fresh clone, and reads JSON natively.

Each message is a `Sendable, Hashable, Codable` struct: a `var` per schema property, in the
schema's order and under its name, optional when the schema does not require it (a nil is
left out of the JSON), `Int` for integers; an enum for each string enum, its cases the
camel-cased values; a memberwise initializer whose optional parameters default to nil.
`Envelope` becomes an enum with a case per message. What the package needs beyond the
schema (helpers, extra initializers) lives in hand-written extensions beside the output.
The tables below say where the Swift API keeps names and shapes it had before it was
generated, and give the descriptions the schema leaves out.
"""
import difflib
import json
import os
import re
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# The output folder; $MESSAGES_OUT names another (the generator's own tests use a copy).
OUT = os.environ.get("MESSAGES_OUT") or os.path.join(ROOT, "Sources", "Messages", "Generated")
WIDTH = 120

# Schema files whose types live in the Gherkin module (the parser's AST and pickles), not here.
ELSEWHERE = {"GherkinDocument": "Gherkin", "Pickle": "Gherkin", "Location": "Gherkin"}

# Envelope members this package does not read yet, and their types: a stream's line holding one
# is skipped as a message type of a newer version.
ENVELOPE_LEFT_OUT = {"externalAttachment"}
LEFT_OUT = {"ExternalAttachment"}

# Swift names that differ from the schema's: a `Message` suffix where another module of the
# package has a type of the name (Gherkin.ParseError, CucumberExpressions.ParameterType, the
# runner's StepDefinition and Hook, ...), and definitions nested in the type they belong to.
# Any other definition is a top-level type under its schema name.
SWIFT_NAMES = {
    "Exception": "ExceptionMessage",
    "Hook": "HookMessage",
    "ParameterType": "ParameterTypeMessage",
    "ParseError": "ParseErrorMessage",
    "StepDefinition": "StepDefinitionMessage",
    "Suggestion": "SuggestionMessage",
    "TestCase": "TestCaseMessage",
    "UndefinedParameterType": "UndefinedParameterTypeMessage",
    "Ci": "Meta.Ci",
    "Git": "Meta.Git",
    "Product": "Meta.Product",
    "StepDefinitionPattern": "StepDefinitionMessage.Pattern",
    "Snippet": "SuggestionMessage.Snippet",
}

# Enum names; any other string enum `type.property` is the top-level `TypeProperty`.
ENUM_NAMES = {
    "Attachment.contentEncoding": "Attachment.ContentEncoding",
    "Hook.type": "HookMessage.HookType",
    "StepDefinitionPattern.type": "StepDefinitionMessage.PatternType",
}

# Properties read as another Swift type than the schema's: the media type of a source stays a
# string (`Source.gherkinPlain` names the usual one), so that any media type reads.
TYPE_OVERRIDES = {"Source.mediaType": "String"}

# Arrays that are never nil in Swift: absent in the JSON reads as empty, and empty is left out.
EMPTY_AS_ABSENT = {"Group.children"}

# Initializer parameter orders that differ from the schema's property order.
INIT_ORDERS = {
    "Attachment": [
        "body", "contentEncoding", "fileName", "mediaType", "source", "testCaseStartedId", "testStepId",
        "testRunHookStartedId", "testRunStartedId", "url", "timestamp",
    ],
    "TestStep": ["id", "hookId", "pickleStepId", "stepDefinitionIds", "stepMatchArgumentsLists"],
    "ParameterType": [
        "id", "name", "regularExpressions", "preferForRegularExpressionMatch", "useForSnippets", "sourceReference",
    ],
}

# Default arguments beside nil for optionals.
DEFAULTS = {"Source.mediaType": "Source.gherkinPlain"}

# Descriptions the schema leaves out, written for this package.
TYPE_DOCS = {
    "Envelope": "One message of a stream: exactly one of the message types, under its name as the JSON key "
    "(`{\"pickle\": {...}}`). Every output of specs is a consumer of a stream of these.",
    "Hook": "A registered hook: code run before or after the test run, a test case or a test step.",
    "ParameterType": "A registered parameter type: a name for `{name}` in Cucumber Expressions and the "
    "regular expressions it matches.",
    "ParseError": "A Gherkin source that could not be parsed: where, and why.",
    "JavaMethod": "A Java method: where a step definition or hook is, in JVM implementations.",
    "JavaStackTraceElement": "A Java stack frame: where a step definition or hook is, in JVM implementations.",
    "StepDefinition": "A registered step definition: the expression a step's text must match, and where it is.",
    "StepDefinitionPattern": "The expression of a step definition: its text and its kind.",
    "Snippet": "Code for a step definition that would match an undefined step, in one programming language.",
    "Group": "A capture group of a step match: where it starts and what it captured, with its nested groups.",
    "StepMatchArgumentsList": "The arguments a step's text gives one matching step definition.",
    "TestCaseFinished": "A test case attempt has finished.",
    "TestCaseStarted": "A test case attempt has started.",
    "TestRunFinished": "The test run has finished.",
    "TestRunHookFinished": "A test run hook has finished.",
    "TestRunHookStarted": "A test run hook has started.",
    "TestRunStarted": "The test run has started.",
    "TestStepFinished": "A test step of a test case attempt has finished.",
    "TestStepResult": "The outcome of a test step or of a test run hook.",
    "TestStepStarted": "A test step of a test case attempt has started.",
    "Timestamp": "A point in time as seconds and nanoseconds since the Unix epoch.",
    "UndefinedParameterType": "A step definition expression that names a parameter type nobody registered.",
}

PROPERTY_DOCS = {
    "Attachment.source": "The source the attachment belongs to.",
    "Duration.seconds": "Whole seconds of the duration.",
    "Hook.id": "The hook's identifier, unique in the stream; test steps and hook runs refer to it as `hookId`.",
    "Hook.name": "The hook's name, when it was given one.",
    "Hook.sourceReference": "Where the hook is defined.",
    "Hook.tagExpression": "The tag expression a pickle's tags must match for the hook to run on it; "
    "absent for every pickle.",
    "Hook.type": "When the hook runs: before or after the test run, a test case or a test step.",
    "Meta.ci": "The CI environment of the run, when it ran in one.",
    "Ci.git": "The Git revision built, when known.",
    "Git.remote": "The URL of the remote repository.",
    "Git.revision": "The commit built.",
    "Git.branch": "The branch built, when a branch was.",
    "Git.tag": "The tag built, when a tag was.",
    "ParameterType.regularExpressions": "The regular expressions the parameter matches.",
    "ParameterType.preferForRegularExpressionMatch": "Whether this type is preferred when several parameter "
    "types have the same regular expression.",
    "ParameterType.useForSnippets": "Whether snippets for undefined steps may suggest this type.",
    "ParameterType.id": "The parameter type's identifier, unique in the stream.",
    "ParameterType.sourceReference": "Where the parameter type is defined.",
    "ParseError.source": "Where the error is: the source's URI, and the line and column.",
    "ParseError.message": "What is wrong, as the parser says it.",
    "SourceReference.uri": "The file (a path or URI) the code or text is in.",
    "SourceReference.javaMethod": "The Java method, in JVM implementations.",
    "SourceReference.javaStackTraceElement": "The Java stack frame, in JVM implementations.",
    "SourceReference.location": "The line (and column) in the file.",
    "JavaMethod.className": "The class that declares the method.",
    "JavaMethod.methodName": "The method's name.",
    "JavaMethod.methodParameterTypes": "The types of the method's parameters, in order.",
    "JavaStackTraceElement.className": "The class of the frame.",
    "JavaStackTraceElement.fileName": "The source file of the frame.",
    "JavaStackTraceElement.methodName": "The method of the frame.",
    "StepDefinition.id": "The step definition's identifier, unique in the stream.",
    "StepDefinition.pattern": "The expression a step's text must match.",
    "StepDefinition.sourceReference": "Where the step definition is defined.",
    "StepDefinitionPattern.source": "The expression as written.",
    "StepDefinitionPattern.type": "Whether `source` is a Cucumber Expression or a regular expression.",
    "TestCase.id": "The test case's identifier, unique in the stream.",
    "TestCase.testSteps": "The steps to run, hooks included, in order.",
    "Group.start": "Where the match of the group starts in the step's text, in Unicode scalars; absent for a "
    "group that matched nothing.",
    "Group.value": "The text the group matched; absent for a group that matched nothing.",
    "StepMatchArgument.parameterTypeName": "The name of the parameter type that converts the argument.",
    "StepMatchArgumentsList.stepMatchArguments": "One argument per parameter of the step definition, in order.",
    "TestStep.id": "The test step's identifier, unique in the stream.",
    "TestCaseFinished.testCaseStartedId": "The test case attempt that finished (its `TestCaseStarted`'s `id`).",
    "TestCaseFinished.timestamp": "When the attempt finished.",
    "TestCaseFinished.willBeRetried": "Whether the test case will be attempted again.",
    "TestCaseStarted.testCaseId": "The `TestCase` attempted.",
    "TestCaseStarted.timestamp": "When the attempt started.",
    "TestRunFinished.testRunStartedId": "The test run that finished (its `TestRunStarted`'s `id`).",
    "TestRunHookFinished.result": "The hook's outcome.",
    "TestRunHookFinished.timestamp": "When the hook finished.",
    "TestRunHookStarted.timestamp": "When the hook started.",
    "TestRunStarted.timestamp": "When the test run started.",
    "TestRunStarted.id": "The test run's identifier; other messages refer to it as `testRunStartedId`.",
    "TestStepFinished.testCaseStartedId": "The test case attempt the step belongs to.",
    "TestStepFinished.testStepId": "The `TestStep` that finished.",
    "TestStepFinished.testStepResult": "The step's outcome.",
    "TestStepFinished.timestamp": "When the step finished.",
    "TestStepResult.duration": "How long the step took.",
    "TestStepResult.status": "What happened to the step.",
    "TestStepStarted.testCaseStartedId": "The test case attempt the step belongs to.",
    "TestStepStarted.testStepId": "The `TestStep` that started.",
    "TestStepStarted.timestamp": "When the step started.",
    "UndefinedParameterType.expression": "The step definition expression that names the type.",
    "UndefinedParameterType.name": "The name of the parameter type nobody registered.",
}

VALUE_DOCS = {
    "IDENTITY": "`body` is the content as it is.",
    "BASE64": "`body` is the content in Base64.",
    "BEFORE_TEST_RUN": "Runs once before the first test case.",
    "AFTER_TEST_RUN": "Runs once after the last test case.",
    "BEFORE_TEST_CASE": "Runs before each test case its tag expression selects.",
    "AFTER_TEST_CASE": "Runs after each test case its tag expression selects.",
    "BEFORE_TEST_STEP": "Runs before each step of the test cases its tag expression selects.",
    "AFTER_TEST_STEP": "Runs after each step of the test cases its tag expression selects.",
    "CUCUMBER_EXPRESSION": "A Cucumber Expression (`I have {int} cukes`).",
    "REGULAR_EXPRESSION": "A regular expression (`^I have (\\d+) cukes$`).",
    "UNKNOWN": "The step's outcome is not known: it never finished.",
    "PASSED": "The step ran and passed.",
    "SKIPPED": "The step was not run, or asked to be skipped.",
    "PENDING": "The step's definition is not finished: it said so.",
    "UNDEFINED": "No step definition matches the step.",
    "AMBIGUOUS": "More than one step definition matches the step.",
    "FAILED": "The step ran and failed.",
}

HEADER = """\
// Generated by Scripts/generate-messages.py from the Cucumber messages JSON schema ({source}).
// Do not edit: change the generator, then run Scripts/generate-messages.py (it reads
// ../shared/conformance/messages/jsonschema, or $SPECS_CONFORMANCE_DIR/messages/jsonschema).
"""


def schema_dir(argv):
    if "--schema" in argv:
        return argv[argv.index("--schema") + 1]
    base = os.environ.get("SPECS_CONFORMANCE_DIR") or os.path.join(ROOT, "..", "shared", "conformance")
    return os.path.join(base, "messages", "jsonschema")


def camel(value):
    words = [w for w in re.split(r"[^A-Za-z0-9]+", value) if w]
    return words[0].lower() + "".join(w[:1].upper() + w[1:].lower() for w in words[1:])


def doc(text, indent):
    """`///` lines of `text`, its own line breaks kept and long lines wrapped."""
    prefix = " " * indent + "/// "
    lines = []
    for line in text.strip().split("\n"):
        line = line.rstrip()
        if not line:
            lines.append(prefix.rstrip())
            continue
        lead = re.match(r"\s*(?:[-*] )?", line).group(0)
        wrapped = textwrap.wrap(
            line, WIDTH - len(prefix), subsequent_indent=" " * len(lead), break_long_words=False,
            break_on_hyphens=False)
        lines.extend(prefix + part for part in wrapped)
    return lines


class Schema:
    """Every message type of the schema files, by schema name, with where each is defined."""

    def __init__(self, folder):
        self.types = {}  # schema name -> (file stem, definition)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".schema.json"):
                continue
            stem = name[: -len(".schema.json")]
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                schema = json.load(f)
            self.types[stem] = (stem, schema)
            for definition, body in schema.get("definitions", {}).items():
                self.types[definition] = (stem, body)

    def swift_name(self, schema_name):
        return SWIFT_NAMES.get(schema_name, schema_name)

    def ref_name(self, ref):
        target = ref.split("/")[-1]
        return target[: -len(".schema.json")] if target.endswith(".schema.json") else target


class Property:
    def __init__(self, schema, owner, name, body, required):
        self.name = name
        self.key = owner + "." + name
        self.body = body
        self.empty_as_absent = self.key in EMPTY_AS_ABSENT
        self.optional = name not in required and not self.empty_as_absent
        self.enum = None
        self.type = self.swift_type(schema, owner, body)
        text = body.get("description") or PROPERTY_DOCS.get(self.key)
        if not text:
            raise SystemExit("no description for %s: add one to PROPERTY_DOCS" % self.key)
        if body.get("deprecated") and "eprecated" not in text:
            text += "\n\nDeprecated in the schema."
        self.doc = text

    def swift_type(self, schema, owner, body):
        if self.key in TYPE_OVERRIDES:
            return TYPE_OVERRIDES[self.key]
        if "$ref" in body:
            return schema.swift_name(schema.ref_name(body["$ref"]))
        kind = body.get("type")
        if kind == "array":
            return "[" + self.swift_type(schema, owner, body["items"]) + "]"
        if kind == "string" and "enum" in body:
            name = ENUM_NAMES.get(self.key) or schema.swift_name(owner) + self.name[:1].upper() + self.name[1:]
            self.enum = (name, body["enum"])
            return name
        return {"string": "String", "integer": "Int", "boolean": "Bool", "number": "Double"}[kind]

    @property
    def declared(self):
        return self.type + ("?" if self.optional else "")


class Message:
    """One struct to write: its properties and the types nested in it."""

    def __init__(self, schema, name):
        stem, body = schema.types[name]
        self.name = name
        self.stem = stem
        self.swift = schema.swift_name(name)
        self.short = self.swift.split(".")[-1]
        required = set(body.get("required", []))
        self.properties = [Property(schema, name, p, v, required) for p, v in body.get("properties", {}).items()]
        text = body.get("description") or TYPE_DOCS.get(name)
        if not text:
            raise SystemExit("no description for %s: add one to TYPE_DOCS" % name)
        self.doc = text
        self.nested = []  # (swift short name, lines) of enums and structs declared inside

    def enums(self):
        return [p for p in self.properties if p.enum]

    def lines(self, indent):
        pad = " " * indent
        inner = " " * (indent + 4)
        out = doc(self.doc, indent)
        out.append(pad + "public struct %s: Sendable, Hashable, Codable {" % self.short)
        blocks = [block for _, block in self.nested]
        fields = []
        for p in self.properties:
            fields += doc(p.doc, indent + 4)
            fields.append(inner + "public var %s: %s" % (p.name, p.declared))
        blocks.append(fields)
        blocks.append(self.initializer(indent + 4))
        if any(p.empty_as_absent for p in self.properties):
            blocks.append(self.coding(indent + 4))
        for number, block in enumerate(blocks):
            if number:
                out.append("")
            out += block
        out.append(pad + "}")
        return out

    def initializer(self, indent):
        pad = " " * indent
        by_name = {p.name: p for p in self.properties}
        order = INIT_ORDERS.get(self.name, [p.name for p in self.properties])
        if sorted(order) != sorted(by_name):
            raise SystemExit("INIT_ORDERS[%r] lists %s; the schema has %s: list each property once"
                             % (self.name, sorted(order), sorted(by_name)))
        params = []
        for name in order:
            p = by_name[name]
            default = DEFAULTS.get(p.key) or ("nil" if p.optional else None)
            params.append("%s: %s%s" % (name, p.declared, " = " + default if default else ""))
        text = "Creates the message from its fields"
        text += "; an optional field left out is absent." if any(p.optional for p in self.properties) else "."
        out = doc(text, indent)
        one_line = pad + "public init(" + ", ".join(params) + ") {"
        if len(one_line) <= WIDTH:
            out.append(one_line)
        else:
            out.append(pad + "public init(")
            out += wrap_list(params, indent + 4)
            out.append(pad + ") {")
        out += [pad + "    self.%s = %s" % (name, name) for name in order]
        out.append(pad + "}")
        return out

    def coding(self, indent):
        pad = " " * indent
        names = [p.name for p in self.properties]
        out = [pad + "private enum CodingKeys: String, CodingKey { case %s }" % ", ".join(names), ""]
        out += doc("Reads the JSON object; an absent array reads as empty.", indent)
        out.append(pad + "public init(from decoder: Decoder) throws {")
        out.append(pad + "    let container = try decoder.container(keyedBy: CodingKeys.self)")
        for p in self.properties:
            if p.empty_as_absent:
                out.append(pad + "    %s = try container.decodeIfPresent(%s.self, forKey: .%s) ?? []"
                           % (p.name, p.type, p.name))
            elif p.optional:
                out.append(pad + "    %s = try container.decodeIfPresent(%s.self, forKey: .%s)" % (p.name, p.type, p.name))
            else:
                out.append(pad + "    %s = try container.decode(%s.self, forKey: .%s)" % (p.name, p.type, p.name))
        out += [pad + "}", ""]
        out += doc("Writes the JSON object, an empty array left out as the reference implementations do.", indent)
        out.append(pad + "public func encode(to encoder: Encoder) throws {")
        out.append(pad + "    var container = encoder.container(keyedBy: CodingKeys.self)")
        for p in self.properties:
            if p.empty_as_absent:
                out.append(pad + "    if !%s.isEmpty { try container.encode(%s, forKey: .%s) }" % (p.name, p.name, p.name))
            elif p.optional:
                out.append(pad + "    try container.encodeIfPresent(%s, forKey: .%s)" % (p.name, p.name))
            else:
                out.append(pad + "    try container.encode(%s, forKey: .%s)" % (p.name, p.name))
        out.append(pad + "}")
        return out


def wrap_list(items, indent):
    """Comma-separated items filling lines of WIDTH, as swift-format lays out arguments."""
    pad = " " * indent
    lines, line = [], ""
    for number, item in enumerate(items):
        piece = item + ("," if number < len(items) - 1 else "")
        if line and len(pad + line + " " + piece) > WIDTH:
            lines.append(pad + line)
            line = piece
        else:
            line = (line + " " + piece) if line else piece
    lines.append(pad + line)
    return lines


def enum_lines(name, values, description, indent):
    pad = " " * indent
    out = doc(description, indent)
    out.append(pad + "public enum %s: String, Sendable, Hashable, Codable, CaseIterable {" % name)
    for value in values:
        out += doc(VALUE_DOCS.get(value, "`%s` in the JSON." % value), indent + 4)
        out.append(pad + "    case %s = %s" % (camel(value), json.dumps(value)))
    out.append(pad + "}")
    return out


def envelope_lines(schema):
    _, body = schema.types["Envelope"]
    members = [(name, schema.ref_name(value["$ref"])) for name, value in body["properties"].items()
               if name not in ENVELOPE_LEFT_OUT]
    out = ["import Gherkin", ""] + doc(TYPE_DOCS["Envelope"], 0)
    out.append("public enum Envelope: Sendable, Hashable {")
    for name, target in members:
        out += doc("The message under the key `%s`: `%s`." % (name, schema.swift_name(target)), 4)
        out.append("    case %s(%s)" % (name, schema.swift_name(target)))
    out += ["}", "", "extension Envelope: Codable {"]
    out += doc("The JSON key of each message type.", 4)
    out.append("    enum CodingKeys: String, CodingKey {")
    names = [n for n, _ in members]
    out += ["        case " + line.strip().rstrip(",") for line in wrap_list(names, 13)]
    out += ["    }", ""]
    out += doc("Reads the envelope's one message; an object without a known message type is an error.", 4)
    out += [
        "    public init(from decoder: Decoder) throws {",
        "        let container = try decoder.container(keyedBy: CodingKeys.self)",
        "        guard let key = container.allKeys.first else {",
        "            throw DecodingError.dataCorrupted(",
        "                .init(codingPath: [], debugDescription: \"an envelope needs one message\"))",
        "        }",
        "        switch key {",
    ]
    for name, target in members:
        line = "        case .%s: self = .%s(try container.decode(%s.self, forKey: key))" % (
            name, name, schema.swift_name(target))
        if len(line) > WIDTH:
            out.append("        case .%s:" % name)
            out.append("            self = .%s(try container.decode(%s.self, forKey: key))" % (
                name, schema.swift_name(target)))
        else:
            out.append(line)
    out += ["        }", "    }", ""]
    out += doc("Writes the message under its type's key.", 4)
    out += [
        "    public func encode(to encoder: Encoder) throws {",
        "        var container = encoder.container(keyedBy: CodingKeys.self)",
        "        switch self {",
    ]
    for name, _ in members:
        out.append("        case .%s(let message): try container.encode(message, forKey: .%s)" % (name, name))
    out += ["        }", "    }", "}"]
    return out


def generate(folder):
    """The generated files: file name -> text."""
    schema = Schema(folder)
    messages = {}
    for name, (stem, _) in schema.types.items():
        if stem in ELSEWHERE or stem in LEFT_OUT or name == "Envelope":
            continue
        messages[name] = Message(schema, name)
    by_swift = {m.swift: m for m in messages.values()}
    # Enums go beside or inside their owner; nested structs inside their parent.
    top = {}  # top-level swift name -> (stem, [blocks])
    for message in sorted(messages.values(), key=lambda m: m.swift):
        for p in message.enums():
            enum_name, values = p.enum
            parent, _, short = enum_name.rpartition(".")
            description = p.doc if parent else p.doc
            if parent:
                by_swift[parent].nested.append((short, enum_lines(short, values, description, 4)))
            else:
                top[enum_name] = (message.stem, None, enum_lines(enum_name, values, description, 0))
    for message in sorted(messages.values(), key=lambda m: m.swift):
        parent, _, _ = message.swift.rpartition(".")
        if parent:
            by_swift[parent].nested.append((message.short, None))
    for message in sorted(messages.values(), key=lambda m: m.swift):
        if "." in message.swift:
            continue
        top[message.swift] = (message.stem, message, None)

    def render(message, indent):
        message.nested = [
            (short, block if block is not None else render(by_swift[message.swift + "." + short], indent + 4))
            for short, block in message.nested
        ]
        return message.lines(indent)

    files = {}
    for swift, (stem, message, lines) in sorted(top.items()):
        body = render(message, 0) if message else lines
        code = [line for line in body if not line.lstrip().startswith("///")]
        if any(re.search(r"\b(%s)\b" % "|".join(ELSEWHERE), line) for line in code):
            body = ["import Gherkin", ""] + body
        files[swift + ".swift"] = HEADER.format(source=stem + ".schema.json") + "\n" + "\n".join(body) + "\n"
    files["Envelope.swift"] = HEADER.format(source="Envelope.schema.json") + "\n" + "\n".join(
        envelope_lines(schema)) + "\n"
    return files


def main(argv):
    folder = schema_dir(argv)
    if not os.path.isdir(folder):
        print("messages check skipped: no messages JSON schema at %s (../shared/conformance beside the package, "
              "or $SPECS_CONFORMANCE_DIR)" % os.path.normpath(folder))
        return 1 if os.environ.get("SPECS_REQUIRE_CONFORMANCE") == "1" else 0
    files = generate(folder)
    present = sorted(f for f in os.listdir(OUT) if f.endswith(".swift")) if os.path.isdir(OUT) else []
    if "--check" in argv:
        differ = False
        for name in sorted(set(files) | set(present)):
            path = os.path.join(OUT, name)
            old = open(path, encoding="utf-8").read() if name in present else ""
            new = files.get(name, "")
            if old != new:
                differ = True
                rel = os.path.relpath(path, ROOT)
                sys.stdout.writelines(difflib.unified_diff(
                    old.splitlines(True), new.splitlines(True), "a/" + rel, "b/" + rel))
        if differ:
            print("Sources/Messages/Generated differs from the schema: run Scripts/generate-messages.py")
            return 1
        print("Sources/Messages/Generated matches the messages JSON schema (%d files)" % len(files))
        return 0
    os.makedirs(OUT, exist_ok=True)
    for name in present:
        if name not in files:
            os.remove(os.path.join(OUT, name))
    for name, text in files.items():
        with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
            f.write(text)
    print("wrote %d files to %s" % (len(files), os.path.relpath(OUT, ROOT)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
