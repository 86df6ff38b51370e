Feature: é😀
	　Scenario: 　s
		Given  x
