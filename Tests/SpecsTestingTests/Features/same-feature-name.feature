Feature: Names that are hard to make into tests

  Scenario: The same feature name in a second file
    Given a step
