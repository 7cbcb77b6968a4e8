// SPDX-License-Identifier: MIT
// What the C allocator holds, and a way to give its free pages back. glibc keeps memory freed by a
// thread in that thread's arena and returns it to the kernel only from the top of the heap, so
// after a flood (SQLite pages, node-pty reads, V8's off-heap buffers) a process may stay large
// with nothing live. malloc_trim(0) releases free pages from every arena. Other C libraries
// (macOS, Windows, musl) manage this themselves: there the calls report nothing and do nothing.
#include <node_api.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

static napi_value trim(napi_env env, napi_callback_info info) {
  int released = 0;
#if defined(__GLIBC__)
  released = malloc_trim(0);
#endif
  napi_value result;
  napi_get_boolean(env, released != 0, &result);
  return result;
}

// Caps the number of allocator arenas. glibc gives each thread that allocates its own (up to 8 per
// core), each keeping its freed memory and its top for that thread: with the main thread and the
// store and mirror workers, a flood leaves ~15 MB more resident than with two shared arenas.
static napi_value limit_arenas(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  int32_t count = 0;
  int done = 0;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) == napi_ok && argc == 1 &&
      napi_get_value_int32(env, argv[0], &count) == napi_ok && count > 0) {
#if defined(__GLIBC__)
    done = mallopt(M_ARENA_MAX, count);
#endif
  }
  napi_value result;
  napi_get_boolean(env, done != 0, &result);
  return result;
}

// [bytes in use, bytes free but held] over every arena, or an empty array where unknown.
static napi_value usage(napi_env env, napi_callback_info info) {
  napi_value result;
  napi_create_array(env, &result);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  struct mallinfo2 info2 = mallinfo2();
  napi_value used;
  napi_value held;
  napi_create_double(env, (double)(info2.uordblks + info2.hblkhd), &used);
  napi_create_double(env, (double)info2.fordblks, &held);
  napi_set_element(env, result, 0, used);
  napi_set_element(env, result, 1, held);
#endif
  return result;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, trim, NULL, &fn);
  napi_set_named_property(env, exports, "trim", fn);
  napi_create_function(env, "limitArenas", NAPI_AUTO_LENGTH, limit_arenas, NULL, &fn);
  napi_set_named_property(env, exports, "limitArenas", fn);
  napi_create_function(env, "usage", NAPI_AUTO_LENGTH, usage, NULL, &fn);
  napi_set_named_property(env, exports, "usage", fn);
  return exports;
}
