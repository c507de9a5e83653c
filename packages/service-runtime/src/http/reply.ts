/**
 * What a handler returns when the answer is not its endpoint's plain JSON: another status,
 * nothing, a file, or JSON already written (by PostgreSQL). Anything else a handler returns is
 * sent as JSON.
 */
export class Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly file?: FileReply;
  readonly json?: string;
  /** Where a 302 sends the caller. */
  readonly location?: string;

  private constructor(
    status: number,
    body?: unknown,
    file?: FileReply,
    json?: string,
    location?: string,
  ) {
    this.status = status;
    this.body = body;
    this.file = file;
    this.json = json;
    this.location = location;
  }

  /** The endpoint's answer as JSON text, sent as it is (checked like any answer in tests). */
  static json(text: string, status = 200): Reply {
    return new Reply(status, undefined, undefined, text);
  }

  static status(status: number, body?: unknown): Reply {
    return new Reply(status, body);
  }

  static noContent(): Reply {
    return new Reply(204);
  }

  /** 302 to `location` (a path of the product, answered by the browser's next request). */
  static redirect(location: string): Reply {
    return new Reply(302, undefined, undefined, undefined, location);
  }

  static file(file: FileReply): Reply {
    return new Reply(200, undefined, file);
  }
}

export interface FileReply {
  data: Buffer | Uint8Array;
  contentType: string;
  /** Offered as a download with this name; omitted, it is shown inline (an image). */
  filename?: string;
  /** e.g. `private, max-age=31536000, immutable` for content-addressed images. */
  cacheControl?: string;
}
