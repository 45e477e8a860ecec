export * from "./gen/types";
export { createClient } from "./client";
