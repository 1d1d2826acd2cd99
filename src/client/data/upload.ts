/** The upload calls (CONTRACT §2 files): a form's photo, the avatar, a chat picture. */
import { api } from "../api.ts";

/** The answer of an upload: the stored path (older clients' servers answered the bare string). */
export interface UploadAnswer {
  filePath: string;
}

/** POST /p/file/upload?folder=: a photo of a form or the avatar; answers the stored path. */
export async function uploadFile(form: FormData, folder: string): Promise<string> {
  const res = await api.post<UploadAnswer | string>("/p/file/upload", form, { query: { folder }, silent: true });
  return typeof res === "string" ? res : res.filePath;
}

/** POST /p/file/uploadImFile: a picture sent in the chat; answers the stored path. */
export async function uploadChatImage(form: FormData): Promise<string> {
  return (await api.post<UploadAnswer>("/p/file/uploadImFile", form, { silent: true })).filePath;
}
