// SPDX-License-Identifier: MIT
import { InMemoryConversationRepository, InMemoryModelConfigRepository } from '../testing/in-memory-repositories';
import { describeConversationRepository, describeModelConfigRepository } from '../testing/repository-contract';

describeConversationRepository('in-memory', async () => new InMemoryConversationRepository());
describeModelConfigRepository('in-memory', async () => new InMemoryModelConfigRepository());
