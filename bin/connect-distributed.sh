#!/usr/bin/env bash
# bin/connect-distributed.sh - drop-in for Kafka's script of the same name, running kconnect.
#
#   connect-distributed.sh [-daemon] [-name NAME] [-loggc] worker.properties [--override k=v ...]
#
# Same arguments as Kafka's: -daemon runs in the background with console output in
# $LOG_DIR/<name>.out (name defaults to connectDistributed). See kconnect-run-class.sh.
#
# SPDX-License-Identifier: Apache-2.0

if [ $# -lt 1 ]; then
    echo "USAGE: $0 [-daemon] connect-distributed.properties"
    exit 1
fi
exec "$(dirname "$0")/kconnect-run-class.sh" distributed connectDistributed "$@"
