/** A notification (spec §9): what the server flashes after an action and what the toaster shows. */
export type ToastType = "success" | "error" | "info" | "warning";
export type Toast = { type: ToastType; message: string; description?: string };
