// Whether bots can run isolated (--isolate: a bubblewrap sandbox) on this machine. A stub until the
// sandbox lands: the tournament asks it to decide its default ("isolation on by default where it
// works"), and refuses --isolate where it says no. The lead wires it to the real probe.
export function isolationAvailable(): boolean {
  return false;
}
