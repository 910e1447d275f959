#!/usr/bin/env bash
# bin/connect-standalone.sh - drop-in for Kafka's script of the same name, running kconnect.
#
#   connect-standalone.sh [-daemon] [-name NAME] [-loggc] worker.properties
#                         [connector1.properties connector2.json ...]
#
# Same arguments as Kafka's: -daemon runs in the background with console output in
# $LOG_DIR/<name>.out (name defaults to connectStandalone). See kconnect-run-class.sh.
#
# SPDX-License-Identifier: Apache-2.0

if [ $# -lt 1 ]; then
    echo "USAGE: $0 [-daemon] connect-standalone.properties [connector1.properties connector2.json ...]"
    exit 1
fi
exec "$(dirname "$0")/kconnect-run-class.sh" standalone connectStandalone "$@"
