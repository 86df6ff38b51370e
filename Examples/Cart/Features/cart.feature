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
