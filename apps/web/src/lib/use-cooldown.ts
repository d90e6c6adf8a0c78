import { useEffect, useReducer, useState } from "react";
import { storage } from "./storage";

/** The e-mail code's resend cooldown, per address (registration starts it too: the server sends one). */
export const codeCooldownName = (email: string) => `email-code:${email.trim().toLowerCase()}`;

const untilOf = (name: string) => storage.getJson("cooldowns")?.[name] ?? 0;

/** Starts (or restarts) a cooldown kept in storage, so a reload does not reset it (SPEC §4). */
export function startCooldown(name: string, seconds: number): void {
  const now = Date.now();
  const running = Object.entries(storage.getJson("cooldowns") ?? {}).filter(([, until]) => until > now);
  storage.setJson("cooldowns", { ...Object.fromEntries(running), [name]: now + seconds * 1000 });
}

/** Seconds left of the cooldown `name`; start(n) begins one. */
export function useCooldown(name: string) {
  const [now, setNow] = useState(() => Date.now());
  // start() writes storage, which React cannot see: this makes the next render read it.
  const [, restarted] = useReducer((count: number) => count + 1, 0);
  const until = untilOf(name);
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return {
    left: Math.max(0, Math.ceil((until - now) / 1000)),
    start: (seconds: number) => {
      startCooldown(name, seconds);
      setNow(Date.now());
      restarted();
    },
  };
}

export const formatSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
