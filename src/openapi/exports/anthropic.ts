// Anthropic: tool definitions (https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use:
// `name` matching ^[a-zA-Z0-9_-]{1,64}$, a detailed `description`, `input_schema` a JSON Schema
// object) and the documentation as context in XML tags, which Claude is trained to read as
// sections (https://docs.anthropic.com/en/docs/build-with-claude/prompt-engineering/use-xml-tags).
import type { Obj } from '../model/model-context.js';
import type { Schema } from './json-schema.js';

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Obj;
}

export function anthropicTool(name: string, description: string, input: Schema): AnthropicTool {
  return { name, description, input_schema: input as Obj };
}
