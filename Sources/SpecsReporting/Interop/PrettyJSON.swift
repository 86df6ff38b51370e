import Messages

/// JSON laid out as Foundation's encoder lays it out pretty-printed (two-space indents,
/// `"key" : value`, an empty array as `[`, an empty line and `]`), written straight to
/// bytes. Fields are written in the order given: a caller gives them sorted.
struct PrettyJSON: ~Copyable {
    private var writer = JSONWriter()
    private var depth: Int
    /// Whether the container being written has no member yet.
    private var empty = true

    /// A writer whose first value sits `depth` levels in.
    init(depth: Int = 0) {
        self.depth = depth
    }

    var bytes: [UInt8] { writer.bytes }

    /// `{ … }`, its fields written by `fields`.
    mutating func object(_ fields: (inout PrettyJSON) -> Void) {
        open(UInt8(ascii: "{"))
        fields(&self)
        close(UInt8(ascii: "}"))
    }

    /// `[ … ]`, an element written by `element` for each item.
    mutating func array<Items: Sequence>(_ items: Items, _ element: (inout PrettyJSON, Items.Element) -> Void) {
        open(UInt8(ascii: "["))
        for item in items {
            member()
            element(&self, item)
        }
        close(UInt8(ascii: "]"))
    }

    /// `"name" : `, on its own line after the fields before it.
    mutating func key(_ name: StaticString) {
        member()
        writer.byte(UInt8(ascii: "\""))
        writer.raw(name)
        writer.raw("\" : ")
    }

    mutating func string(_ value: String) { writer.string(value) }

    mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        writer.string(value)
    }

    mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        writer.number(value)
    }

    /// A field left out when the value is absent, as `Codable` leaves out a nil.
    mutating func field(_ name: StaticString, _ value: String?) {
        if let value { field(name, value) }
    }

    private mutating func open(_ bracket: UInt8) {
        writer.byte(bracket)
        depth += 1
        empty = true
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if empty { writer.byte(0x0A) }
        newline()
        writer.byte(bracket)
        empty = false
    }

    /// The comma after the member before, and the new member's line.
    private mutating func member() {
        if !empty { writer.byte(UInt8(ascii: ",")) }
        empty = false
        newline()
    }

    private mutating func newline() {
        writer.byte(0x0A)
        for _ in 0..<depth { writer.raw("  ") }
    }
}
