extension Source {
    /// The media type of a plain Gherkin feature file, the default of a `Source`.
    public static let gherkinPlain = "text/x.cucumber.gherkin+plain"
}
