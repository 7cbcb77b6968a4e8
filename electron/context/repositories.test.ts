// SPDX-License-Identifier: MIT
import { InMemoryConversationRepository, InMemoryModelConfigRepository } from './in-memory-repositories';
import { describeConversationRepository, describeModelConfigRepository } from './repository-contract';

describeConversationRepository('in-memory', async () => new InMemoryConversationRepository());
describeModelConfigRepository('in-memory', async () => new InMemoryModelConfigRepository());
