# language:
# language: es
Feature: f
"""
```
  Scenario: s
    Given x
      """
      ```
