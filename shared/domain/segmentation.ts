// SPDX-License-Identifier: MIT
import { z } from 'zod';

/**
 * How a session's commands are found: shell-integration marks, prompt heuristics, or not yet
 * known. One declaration: the segmenter produces it, the store keeps it, the contract carries it.
 */
export const SegmentationMode = z.enum(['integrated', 'heuristic', 'unknown']);
export type SegmentationMode = z.infer<typeof SegmentationMode>;
