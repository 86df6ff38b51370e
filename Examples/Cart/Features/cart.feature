Feature: Checkout

  Scenario: Several items of one price
    Given a cart with 3 items at 2.5 EUR
    When the customer checks out
    Then the total is 7.5 EUR

  @clean
  Scenario: Items from a table
    Given these items:
      | name | price |
      | tea  | 3.20  |
      | mug  | 7.80  |
    When the customer checks out
    Then the total is 11.0 EUR

  Scenario Outline: Items of one price
    Given a cart with <count> items at <price> EUR
    When the customer checks out
    Then the total is <total> EUR

    Examples:
      | count | price | total |
      | 1     | 2.5   | 2.5   |
      | 4     | 1.25  | 5.0   |
