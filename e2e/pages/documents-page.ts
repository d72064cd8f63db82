import { expect, type Page } from '@playwright/test';

/** A file the test makes in memory for the file input. */
export interface TestFile {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

/** The documents page and its upload dialogue, as a partner uses them (fields found by name: any language). */
export class DocumentsPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('documents');
    await expect(this.page.locator('main h1')).toBeVisible();
    await expect(this.requirement('driving_licence')).toBeVisible();
  }

  requirement(type: string) {
    return this.page.getByTestId(`requirement-${type}`);
  }

  files() {
    return this.page.getByTestId('document-file');
  }

  dialog() {
    return this.page.getByTestId('upload-dialog');
  }

  async openUpload(): Promise<void> {
    await this.page.getByTestId('upload-open').click();
    await expect(this.dialog()).toBeVisible();
  }

  async chooseType(label: string): Promise<void> {
    await this.dialog().locator('[data-field=document_type] select').selectOption({ label });
  }

  async chooseFile(file: TestFile): Promise<void> {
    await this.dialog().locator('input[type=file]').setInputFiles(file);
  }

  async fill(field: 'document_expires_at' | 'document_cover_amount', value: string): Promise<void> {
    await this.dialog().locator(`input[name=${field}]`).fill(value);
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('upload-submit').click();
  }

  fieldError(field: 'document_type' | 'document_file' | 'document_expires_at' | 'document_cover_amount') {
    return this.dialog().locator(`[data-field=${field}] .field-error`);
  }

  async expectUploaded(): Promise<void> {
    await expect(this.page.getByTestId('upload-done')).toBeVisible({ timeout: 30_000 });
  }

  async closeDialog(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog()).toBeHidden();
  }
}

/** The partner terms page. */
export class TermsPage {
  constructor(private readonly page: Page) {}

  requirement(id: 'documents' | 'vehicles' | 'terms') {
    return this.page.getByTestId(`requirement-${id}`);
  }

  async accept(): Promise<void> {
    await this.page.getByTestId('terms-accept').click();
  }

  accepted() {
    return this.page.getByTestId('terms-accepted');
  }
}
