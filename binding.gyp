{
  "targets": [
    {
      "target_name": "contexterm_termios",
      "sources": ["native/termios.c"],
      "defines": ["NAPI_VERSION=8"]
    }
  ]
}
