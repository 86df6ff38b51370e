#!/usr/bin/env bash
# The invariant campaign (issue 55): seeded suites of passing, failing, crashing, exiting,
# hanging, pending, undefined and ambiguous scenarios, shard plans and faults, run through
# the built fixture runner (misbehaving-specs) and `misbehaving-specs report`, checking after
# each case: exit 0 if and only if every selected scenario ran exactly once and passed, and
# every output agrees.
#
#   Scripts/invariant-campaign.sh [--cases N] [--seed S] [--jobs J] [--faults K] [--json FILE]
#   Scripts/invariant-campaign.sh --seed S --case N        # one case again: its commands, its folder kept
#   Scripts/invariant-campaign.sh --expected Scripts/invariant-campaign.expected   # CI's small form
#
# It builds misbehaving-specs first unless SPECS_CAMPAIGN_SKIP_BUILD=1 (then .build/debug).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${SPECS_CAMPAIGN_SKIP_BUILD:-0}" != 1 ]; then
  swift build --product misbehaving-specs >&2
fi
bin=.build/debug  # the toolchain links it to the platform's build folder
exec python3 Scripts/lib/invariant_campaign.py --bin "$bin" "$@"
