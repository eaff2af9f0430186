import { textLimits } from '@anor/core';
import { describe, expect, it } from 'vitest';
import { problemOf, shorten, treeNameOfFile, valueRules } from './gedcom-values.ts';

describe('imported values against the API rules', () => {
  it('says what keeps a value out of its field', () => {
    expect(problemOf('a'.repeat(textLimits.firstName), valueRules.firstName)).toBeNull();
    expect(problemOf('a'.repeat(textLimits.firstName + 1), valueRules.firstName)).toBe('value-too-long');
    expect(problemOf('Karl <b>', valueRules.firstName)).toBe('value-invalid');
    expect(problemOf('Karl\u0007', valueRules.locationName)).toBe('value-invalid');
    // Fields without the name rule take such characters, as the API does.
    expect(problemOf('<b>Arkiv</b>', valueRules.repositoryAddress)).toBeNull();
    expect(problemOf('https://example.org/a', valueRules.webAddress)).toBeNull();
    expect(problemOf('javascript:alert(1)', valueRules.webAddress)).toBe('link-refused');
    expect(problemOf('http://localhost/', valueRules.webAddress)).toBe('link-refused');
    expect(problemOf('photos/anna.jpg', valueRules.fileReference)).toBeNull();
    expect(problemOf('C:\\Bilder\\anna.jpg', valueRules.fileReference)).toBeNull();
    expect(problemOf('file:///home/anna.jpg', valueRules.fileReference)).toBeNull();
    expect(problemOf('https://example.org/anna.jpg', valueRules.fileReference)).toBeNull();
    expect(problemOf('javascript:alert(1)', valueRules.fileReference)).toBe('link-refused');
    expect(problemOf(' java\tscript:alert(1)', valueRules.fileReference)).toBe('link-refused');
    expect(problemOf('data:text/html,<script>', valueRules.fileReference)).toBe('link-refused');
  });

  it('shortens without cutting a character in two', () => {
    expect(shorten('abc', 5)).toBe('abc');
    expect(shorten('abcdef', 3)).toBe('abc');
    expect(shorten('ab cdef', 3)).toBe('ab');
    expect(shorten('ab😀', 3)).toBe('ab');
  });

  it('makes a tree name of the header FILE as the tree-name rule takes it', () => {
    expect(treeNameOfFile('C:\\Släkt\\<min>\tfil.ged')).toBe('min fil');
    expect(treeNameOfFile('/home/anna/Anor.GED')).toBe('Anor');
    expect(treeNameOfFile('{}')).toBe('');
  });
});
