#!/usr/bin/env bash
# Checks the shipped Prometheus files: `promtool check config Deploy/prometheus/prometheus.yml` (which also checks the
# rule file it names), `promtool check rules Deploy/prometheus/hearth-alerts.yml`, and the alerts' unit tests
# (`promtool test rules Deploy/prometheus/hearth-alerts.test.yml`: each alert fires on series shaped as Hearth
# writes them).
#
# Usage: Deploy/verify-prometheus.sh
# Needs promtool: Debian's `prometheus` package (apt-get install -y --no-install-recommends prometheus). Exit status
# 0 only if both checks pass.
set -euo pipefail

deploy="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if ! command -v promtool >/dev/null; then
    echo "verify-prometheus: promtool not found; install Debian's prometheus package" >&2
    exit 2
fi
promtool check config "$deploy/prometheus/prometheus.yml"
promtool check rules "$deploy/prometheus/hearth-alerts.yml"
promtool test rules "$deploy/prometheus/hearth-alerts.test.yml"
echo "verify-prometheus: OK"
