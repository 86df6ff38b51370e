import XCTest

@testable import ScenarioTestGeneration

final class OutputNameTests: XCTestCase {
    func test_forFeature_sameBaseNameInTwoFolders_givesTwoNames() {
        let names = ["/p/Tests/T/Features/a/cart.feature", "/p/Tests/T/Features/b/cart.feature"].map(
            OutputName.forFeature(at:))
        XCTAssertEqual(Set(names).count, 2)
        XCTAssertTrue(names.allSatisfy { $0.hasPrefix("cart-") && $0.hasSuffix(".generated.swift") }, "\(names)")
    }

    func test_forFeature_nonASCIIAndSpaces_areReplacedInTheReadablePart() {
        let name = OutputName.forFeature(at: "/p/Features/inicio de sesión.feature")
        XCTAssertTrue(name.hasPrefix("inicio_de_sesi_n-"), name)
        XCTAssertEqual(name.count, "inicio_de_sesi_n-".count + 8 + ".generated.swift".count)
    }

    func test_generate_fileAddedBeforeAnother_leavesTheOthersNameAndContentsAlone() {
        let cart = FeatureFileInput(
            path: "Features/cart.feature", absolutePath: "/p/Features/cart.feature",
            content: .success("Feature: Cart\n  Scenario: S\n    Given x\n"))
        let added = FeatureFileInput(
            path: "Features/a.feature", absolutePath: "/p/Features/a.feature",
            content: .success("Feature: A\n  Scenario: S\n    Given x\n"))
        let generator = ScenarioTestGenerator(module: "T")
        let before = generator.generate([cart])
        let after = generator.generate([added, cart])
        XCTAssertEqual(before.last, after.last)
        XCTAssertEqual(before.last?.name, OutputName.forFeature(at: "/p/Features/cart.feature"))
    }

    func test_generate_featureText_isInAComputedPropertyOutsideTheFilesInterface() {
        let files = ScenarioTestGenerator(module: "T").generate([
            FeatureFileInput(
                path: "Features/cart.feature", absolutePath: "/p/Features/cart.feature",
                content: .success("Feature: Cart\n  Scenario: S\n    Given x\n"))
        ])
        let name = "featureFile_" + OutputName.hash("/p/Features/cart.feature")
        XCTAssertTrue(
            files[1].contents.contains("private var \(name): ScenarioTests.FeatureFile {"), files[1].contents)
    }
}
