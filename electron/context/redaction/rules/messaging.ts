// SPDX-License-Identifier: MIT
// Chat, mail and payments: Slack, Discord, Telegram, Twilio, SendGrid, Stripe, Shopify.
import { notDummy, randomLooking } from './checks';
import type { RuleSpec } from './rule-spec';
import { END } from './fragments';

/**
 * Every Slack token carries numeric team, user or app ids, and either letters or a second id after
 * them; a value without (`xoxb-my-bot-token`, `xoxo-indieweb-1.jpg`, `xoxp-1234567890`) is a name or a dummy.
 */
const slackToken = (value: string, next?: string): boolean =>
  notDummy(value, next) && (value.match(/[0-9]/g)?.length ?? 0) >= 3 && (/[A-Za-z]/.test(value.slice(5)) || /^xox.-\d+-\d/.test(value));

/** `sk_live_…`, `rk_test_…` always; `sk_<other word>_…` only when the rest looks generated. */
const stripeKey = (value: string): boolean =>
  notDummy(value) && (/^[sr]k_(?:live|test|prod)_/.test(value) || randomLooking(value.slice(value.indexOf('_', 3) + 1)));

export const MESSAGING_RULES: readonly RuleSpec[] = [
  // Bot, user, workspace, refresh (`xoxe`) and app-level (`xapp-`) tokens.
  { id: 'slack-token', kind: 'slack-token', pattern: String.raw`\bxox[abposre]-[A-Za-z0-9-]{10,}`, check: slackToken },
  { id: 'slack-config-token', kind: 'slack-token', pattern: String.raw`\bxoxe\.xox[bp]-[A-Za-z0-9-]{20,}`, check: notDummy },
  { id: 'slack-app-token', kind: 'slack-token', pattern: String.raw`\bxapp-\d-[A-Za-z0-9-]{10,}`, check: notDummy },
  {
    id: 'slack-webhook',
    kind: 'slack-webhook',
    pattern: String.raw`(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]{20,}`,
    keywords: ['hooks.slack.com'],
    check: notDummy,
  },
  // Microsoft Teams incoming webhooks: `https://<tenant>.webhook.office.com/webhookb2/<group>@<tenant>/IncomingWebhook/<id>/<owner>`.
  {
    id: 'teams-webhook',
    kind: 'teams-webhook',
    pattern: String.raw`https://[A-Za-z0-9-]{1,63}\.webhook\.office\.com/webhookb2/[A-Za-z0-9@/_-]{40,300}`,
    keywords: ['webhook.office.com'],
  },
  {
    id: 'discord-webhook',
    kind: 'discord-webhook',
    pattern: String.raw`https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api(?:/v\d{1,2})?/webhooks/\d{17,20}/[A-Za-z0-9_-]{60,80}`,
    keywords: ['discord'],
  },
  // Bot tokens: base64 of the bot's numeric id, a timestamp and an HMAC, dot-separated.
  {
    id: 'discord-bot-token',
    kind: 'discord-token',
    pattern: String.raw`\b[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}${END}`,
    check: notDummy,
  },
  // `<bot id>:AA…` (35 characters after the colon), bare or in an api.telegram.org/bot… URL.
  {
    id: 'telegram-bot-token',
    kind: 'telegram-bot-token',
    pattern: String.raw`(?:(?<=bot)|(?<![A-Za-z0-9_:]))\d{5,16}:A[A-Za-z0-9_-]{34}${END}`,
    keywords: [':a'],
    check: notDummy,
  },
  { id: 'twilio-api-key', kind: 'twilio-key', pattern: String.raw`\bSK[0-9a-fA-F]{32}\b`, check: notDummy },
  { id: 'sendgrid-key', kind: 'sendgrid-key', pattern: String.raw`\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}`, check: notDummy },
  { id: 'sendinblue-key', kind: 'sendinblue-key', pattern: String.raw`\bxkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}${END}` },
  // Mailchimp API keys: 32 hex digits and the data centre (`-us21`).
  {
    id: 'mailchimp-key',
    kind: 'mailchimp-key',
    pattern: String.raw`\b[0-9a-f]{32}-us[0-9]{1,2}${END}`,
    keywords: ['-us'],
    check: notDummy,
  },
  { id: 'mailgun-key', kind: 'mailgun-key', pattern: String.raw`\bkey-[a-f0-9]{32}${END}`, check: notDummy },
  { id: 'stripe-key', kind: 'stripe-key', pattern: String.raw`\b[sr]k_[a-z]{2,12}_[A-Za-z0-9]{10,}${END}`, check: stripeKey },
  { id: 'stripe-webhook-secret', kind: 'stripe-key', pattern: String.raw`\bwhsec_[A-Za-z0-9+/]{24,}`, check: notDummy },
  { id: 'shopify-token', kind: 'shopify-token', pattern: String.raw`\bshp(?:at|ca|pa|ss)_[A-Za-z0-9]{32,}\b`, check: notDummy },
  // Square access tokens and OAuth secrets; `EAAA…` tokens may hold `+` and `=` (as ripsecrets' rule has it).
  {
    id: 'square-token',
    kind: 'square-token',
    pattern: String.raw`\b(?:sq0atp|sq0csp)-[A-Za-z0-9_-]{22,50}${END}|\bEAAA[A-Za-z0-9_+=-]{60}(?![A-Za-z0-9_+=-])`,
    check: notDummy,
  },
];
