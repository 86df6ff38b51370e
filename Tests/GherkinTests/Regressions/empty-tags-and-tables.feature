@
@ @
Feature:
  Rule:
  Background:
  Scenario Outline: <>
    Given <
    Examples:
    Examples:
      |
      ||
