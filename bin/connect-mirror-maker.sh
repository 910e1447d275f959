#!/usr/bin/env bash
# bin/connect-mirror-maker.sh - drop-in for Kafka's script of the same name, running
# kconnect's dedicated MirrorMaker 2 mode.
#
#   connect-mirror-maker.sh [-daemon] [-name NAME] [-loggc] mm2.properties [--clusters A [B ...]]
#
# Same arguments as Kafka's: -daemon runs in the background with console output in
# $LOG_DIR/<name>.out (name defaults to mirrorMaker). See kconnect-run-class.sh.
#
# SPDX-License-Identifier: Apache-2.0

if [ $# -lt 1 ]; then
    echo "USAGE: $0 [-daemon] mm2.properties"
    exit 1
fi
exec "$(dirname "$0")/kconnect-run-class.sh" mirror-maker mirrorMaker "$@"
