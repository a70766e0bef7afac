/** A reply document as the thread screen builds one, in a new thread of a new member. */
export function replyDoc(content: string, at = new Date().toISOString()) {
  return {
    id: crypto.randomUUID(),
    discussion_id: crypto.randomUUID(),
    user_id: crypto.randomUUID(),
    parent_post_id: null,
    quoted_post_id: null,
    content,
    created_at: at,
    updated_at: at,
    is_solution: false,
    reactions_summary: {},
  };
}
