@observability-handbook
Feature: The observability handbook
  The rules a team checked by hand before every release, as executable specifications:
  analytics events named in snake_case and free of personal data, versioned when they
  break, carrying their context; feature flags that fall back to safe defaults; consent
  that decides whether anything is tracked, in the app and its share extension alike;
  the extension's events relayed once; crash reports, performance traces and logs that
  keep what matters and hide what is private.

  Rule: Analytics events are named in snake_case, and a bad name is never sent

    @xctest:EventPolicyTests/test_track_snakeCaseName_isSent
    @xctest:EventPolicyTests/test_track_nameThatIsNotSnakeCase_isRefusedAndNeverSent
    Scenario Outline: An event named "<name>" is <outcome>
      When the app tracks the event "<name>"
      Then the event "<name>" is <outcome>

      Examples:
        | name                   | outcome |
        | post_created           | sent    |
        | share_extension_opened | sent    |
        | PostCreated            | refused |
        | share-extension-opened | refused |

  Rule: Events carry their context

    @xctest:ContextAndConsentTests/test_track_everyEvent_carriesSourceAndAuthenticationAndTheScreenWhenShown
    Scenario: Every event says where it comes from, whether the user is signed in, and the screen
      Given the user is signed in on the screen "feed"
      When the app tracks the event "post_created"
      Then the event "post_created" is sent with the parameters:
        | source             | app  |
        | user_authenticated | true |
        | screen             | feed |

  Rule: No personally identifiable information in event names or parameters

    @xctest:EventPolicyTests/test_track_personalDataInTheNameOrAParameter_isRefused
    Scenario Outline: An event with <what> is refused
      When the app tracks the event "<name>" with the parameter "<parameter>" set to "<value>"
      Then the event "<name>" is refused because it holds <kind>

      Examples:
        | what                       | name                            | parameter | value                                | kind                           |
        | an email in its name       | user_jane@example.com_logged_in | method    | password                             | an email address               |
        | a user id in a parameter   | user_logged_in                  | user      | 3f2b8c1e-9a4d-4c7e-8f00-1234567890ab | an identifier (UUID)           |
        | an account number its name | account_12345678_opened         | plan      | premium                              | a number of six or more digits |

  Rule: A breaking change carries its version in the name and in schema_version

    @xctest:EventPolicyTests/test_track_versionedEventWithoutItsSchemaVersion_isRefused
    Scenario Outline: Version 2 of an event with schema_version "<version>" is <outcome>
      When the app tracks the event "post_analyzed_v2" with the parameter "schema_version" set to "<version>"
      Then the event "post_analyzed_v2" is <outcome>

      Examples:
        | version | outcome |
        | 2       | sent    |
        | 1       | refused |

  Rule: Feature flags fall back to their safe defaults, and debug overrides win only in debug

    @xctest:FeatureFlagTests/test_flags_missingOrMalformedRemoteValues_fallBackToTheSafeDefault
    Scenario Outline: The flag "max_post_attachments" reads <result> when Remote Config holds "<remote>"
      Given Remote Config holds "<remote>" for "max_post_attachments"
      Then the flag "max_post_attachments" with the default 10 reads <result>

      Examples:
        | remote | result |
        | 25     | 25     |
        | ten    | 10     |
        |        | 10     |

    @xctest:FeatureFlagTests/test_flags_debugOverride_winsOnlyInDebug
    Scenario Outline: A debug override of "ai_chat_enabled" in a <build> build
      Given a <build> build
      And Remote Config holds "true" for "ai_chat_enabled"
      And the App Group overrides "ai_chat_enabled" with "false"
      Then the flag "ai_chat_enabled" reads <result>

      Examples:
        | build   | result |
        | debug   | false  |
        | release | true   |

    @xctest:FeatureFlagTests/test_flags_keyThatIsNotSnakeCase_isReportedAndItsDefaultHolds
    Scenario: A flag key that is not snake_case keeps its default and is reported
      Given Remote Config holds "false" for "aiChatEnabled"
      Then the flag "aiChatEnabled" reads true
      And the key "aiChatEnabled" is reported as not snake_case

  Rule: Consent decides whether anything is tracked, in the app and the extension alike

    @xctest:ContextAndConsentTests/test_isGranted_byBuildAndByWhatWasDecided
    Scenario Outline: Analytics in a <build> build without a decision are <state>
      Given a <build> build
      When the app tracks the event "app_opened"
      Then the event "app_opened" is <outcome>

      Examples:
        | build   | state    | outcome     |
        | debug   | disabled | not tracked |
        | release | enabled  | sent        |

    @xctest:ContextAndConsentTests/test_track_afterConsentIsWithdrawn_sendsNothing_inTheAppAndTheExtensionAlike
    Scenario: Once consent is withdrawn nothing is tracked, and the extension knows it too
      Given a release build
      When the app tracks the event "app_opened"
      And consent is withdrawn
      And the app tracks the event "post_created"
      And the share extension tracks the event "share_extension_opened"
      Then the event "app_opened" is sent
      And the event "post_created" is not tracked
      And the share extension sent nothing

  Rule: The extension's events reach the app on its next launch, once

    @xctest:AppGroupEventBufferTests/test_relay_eventsOfTheExtension_reachTheAppOnceAndInOrder
    Scenario: Buffered events are relayed once, in order
      Given the share extension buffered the events "share_extension_opened" and "post_shared"
      When the app launches twice
      Then the app relayed "share_extension_opened, post_shared"

    @xctest:AppGroupEventBufferTests/test_relay_bufferCutOffMidLine_relaysEveryWholeEventAndCountsTheCutOne
    Scenario: A buffer cut off in the middle of a line loses only the event being written
      Given the share extension buffered the events "share_extension_opened" and "post_shared"
      And the extension was stopped while writing another event
      And the share extension buffered the event "post_liked"
      When the app launches twice
      Then the app relayed "share_extension_opened, post_shared, post_liked"
      And 1 cut-off event was counted as lost

  Rule: Crash reports and traces keep what explains them

    @xctest:CrashPerformanceAndLoggingTests/test_recordError_nonFatalErrorsAndBreadcrumbs_reachCrashReporting
    Scenario: A non-fatal error reaches crash reporting with its breadcrumbs
      When the app leaves the breadcrumb "User started post creation"
      And the app records a non-fatal error
      Then crash reporting holds the breadcrumb "User started post creation" and 1 error

    @xctest:CrashPerformanceAndLoggingTests/test_stop_traceWithMetrics_isReportedOnceWithThemAndTakesNoMore
    Scenario: A performance trace is reported when stopped, with its metrics
      When the app traces "fetch_posts" fetching 20 and then 5 posts
      Then no trace is reported yet
      When the trace is stopped
      Then the trace "fetch_posts" is reported with "posts_fetched" at 25

  Rule: Logs redact private values and show public ones

    @xctest:CrashPerformanceAndLoggingTests/test_info_privateValuesAreRedactedAndPublicOnesVisible
    Scenario: A user id is private, a status code is public
      When the auth logger logs the private user id "u-42" and the public status "HTTP 200 OK"
      Then the system log reads:
        | [auth] User ID: <private> |
        | [auth] HTTP 200 OK        |
