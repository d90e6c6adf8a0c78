/**
 * Answers of a pure computation kept by key, at most `max` of them: when full, the whole memo is
 * emptied rather than ranked, since every user of it asks a small working set again and again (one
 * render's instants, one search's quarter hours, one language's texts), which refills it in a few
 * calls (decisions 024 and 060). A memo never grows without bound in a long-lived server.
 */
export function boundedMemo<V>(max: number): (key: string, compute: () => V) => V {
  const answers = new Map<string, V>();
  return (key, compute) => {
    if (answers.has(key)) return answers.get(key) as V;
    const answer = compute();
    if (answers.size >= max) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}
