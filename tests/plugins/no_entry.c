/*
 * tests/plugins/no_entry.c - a shared object that is not a kconnect plugin (no
 * kc_connector_entry symbol); the worker must refuse it and keep running.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
int not_a_connector(void);
int not_a_connector(void) { return 42; }
