// SPDX-License-Identifier: MIT

const WHERE = `  --endpoint URL    the S3-compatible endpoint (https://s3.eu-west-1.amazonaws.com, an R2, B2,
                    MinIO or Garage URL); credentials come from the AWS variables, files and profiles
  --bucket NAME     the bucket (it must exist)
  --prefix P        keep the group's objects under P/ (default: none)
  --region R        the bucket's region (default: us-east-1)
  --folder DIR      instead of a bucket: a folder that Syncthing, Dropbox or a share carries`;

const COMMON = `  --data-dir DIR    the app's data directory (default: browser mode's, else the desktop app's)
  -h, --help        show this help`;

export const SYNC_USAGE = `Usage: contexterm sync <init|join|status|now|off> [options]

End-to-end encrypted history across machines, through a bucket (or folder) you own.

  init  --endpoint URL --bucket NAME [--prefix P] [--region R] [--commands-only]
                                 start a sync group; prints its recovery phrase once
  join  --phrase "…" --endpoint URL --bucket NAME [--prefix P] [--region R]
                                 add this device to a group
  status [--json]                device, last push and pull, pending records, last error
  now [--json]                   sync once (a running app on this data dir does it)
  off                            stop syncing on this device (the bucket is left as it is)

Options:
${WHERE}
  --commands-only   send command lines, directories and exit codes, not output
  --device-name N   how other devices name this one (default: the host name)
${COMMON}

Exit codes: 0 ok, 2 usage error, 3 no database, bucket, credentials or network,
6 refused (a wrong phrase; an object that failed its tag, the rest synced).
See docs/cli-and-mcp.md and docs/history.md.`;
