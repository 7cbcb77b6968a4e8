// SPDX-License-Identifier: MIT
// termios flags of a pty, for one question node-pty cannot answer: is the program reading a
// password? (canonical mode with echo off: sudo, ssh, `read -s`). On Linux, termios ioctls on a
// pty master act on its slave, so the master fd node-pty holds is enough.
#include <node_api.h>
#include <termios.h>

#define FLAG_ECHO 1
#define FLAG_CANONICAL 2

static napi_value terminal_flags(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_value result;
  int32_t fd = -1;
  struct termios attrs;
  int32_t flags = -1;

  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) == napi_ok && argc == 1 &&
      napi_get_value_int32(env, argv[0], &fd) == napi_ok && fd >= 0 && tcgetattr(fd, &attrs) == 0) {
    flags = ((attrs.c_lflag & ECHO) ? FLAG_ECHO : 0) | ((attrs.c_lflag & ICANON) ? FLAG_CANONICAL : 0);
  }
  napi_create_int32(env, flags, &result);
  return result;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "terminalFlags", NAPI_AUTO_LENGTH, terminal_flags, NULL, &fn);
  napi_set_named_property(env, exports, "terminalFlags", fn);
  return exports;
}
