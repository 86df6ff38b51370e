@tricky
Feature: Names that are hard to make into tests

  Background:
    Given a background step

  Scenario: She said "hello" and `left`
    Given a step

  Scenario: A path like C:\Users\me and a regex \d+
    Given a step

  Scenario: Emoji 🛒✅ and CJK 日本語 and Arabic مرحبا
    Given a step

  Scenario: Markup <b>bold</b> & "entities" &amp;
    Given a step

  Scenario: Twice the same name
    Given a step

  Scenario: Twice the same name
    Given a step

  Scenario:
    Given a step without a scenario name

  Scenario: Hidden ‮ bidi control
    Given a step

  Scenario Outline: Adding <count> items at <price>
    Given <count> items at <price>

    Examples:
      | count | price |
      | 1     | 2.50  |
      | 3     | 7.50  |

    @cheap
    Examples: Cheap ones
      | count | price |
      | 1     | 0.10  |

    Examples:
      | count | price |
      | 1     | 2.50  |
      | 2     | "q\\" |

  Rule: Rules nest their scenarios

    Scenario: Twice the same name
      Given a step inside a rule

    Scenario Outline: An outline inside a rule
      Given <n>

      Examples:
        | n |
        | 1 |
        | 2 |
