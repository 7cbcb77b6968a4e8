// SPDX-License-Identifier: MIT
console.log('bench: not yet');
