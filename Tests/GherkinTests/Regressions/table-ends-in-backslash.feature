Feature: f
  Scenario: s
    Given t
      | a | b \